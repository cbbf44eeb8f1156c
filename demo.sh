#!/bin/sh
# One command: install what is missing, build, trace the bundled heat1d example on 4 PEs, print the report.
set -e
cd "$(dirname "$0")"
. scripts/setup.sh
# The build's output only if it fails (Maven 3.8's quiet mode still prints colour resets: ESC[0m)
mkdir -p target
mvn -B -q -DskipTests package > target/build.log 2>&1 || { cat target/build.log; exit 1; }
mkdir -p target/demo
oshcc -O2 -o target/demo/heat1d examples/c/heat1d.c
rm -rf target/demo/trace
SHMEMTRACE_DIR=target/demo/trace oshrun --oversubscribe -np 4 dist/bin/shmemtrace target/demo/heat1d
echo
echo "== shmembin2txt --summary target/demo/trace"
dist/bin/shmembin2txt --summary target/demo/trace
echo
echo "== shmem2psins: the run merged into one simulator trace (target/demo/heat1d.psins); its first records"
dist/bin/shmem2psins -q --force -o target/demo/heat1d.psins target/demo/trace
dist/bin/shmem2psins --text target/demo/heat1d.psins | head -12
