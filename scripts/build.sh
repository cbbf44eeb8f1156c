#!/bin/sh
# Builds dist/ with Maven (no tests), saying what it is doing at least every 10 s; the build's output goes to
# target/build.log and is shown only if the build fails. Sourced or run by demo.sh and install.sh. Reuses what an
# earlier build made (the shim's generated wrappers are rewritten only when the spec changes them).
set -e
cd "$(dirname "$0")/.."
mkdir -p target
echo "build: Maven, into dist/ (a first build takes about 5 minutes; its log: target/build.log)"
mvn -B -DskipTests package > target/build.log 2>&1 &
build=$!
start=$(date +%s)
while kill -0 "$build" 2>/dev/null; do
    sleep 10 &
    wait $! 2>/dev/null || true
    kill -0 "$build" 2>/dev/null || break
    module=$(grep -o 'Building [^[]*\[[0-9]*/[0-9]*\]' target/build.log 2>/dev/null | tail -1 | sed 's/ *\[/ [/')
    echo "build: $(($(date +%s) - start)) s, ${module:-starting}"
done
if ! wait "$build"; then
    cat target/build.log
    echo "build: failed (the log above, also in target/build.log)" >&2
    exit 1
fi
echo "build: done in $(($(date +%s) - start)) s"
