#!/bin/sh
# One command: install what is missing, build, trace the bundled heat1d example on 4 PEs, print the report and write
# the report page. Says what it is doing at every step (the build every 10 s).
set -e
cd "$(dirname "$0")"
echo "demo: installing what is missing (scripts/setup.sh)"
. scripts/setup.sh
scripts/build.sh
mkdir -p target/demo
echo "demo: tracing examples/c/heat1d.c on 4 PEs"
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
echo
dist/bin/shmembin2txt --force --html target/demo/report.html target/demo/trace
echo "demo: the report page is target/demo/report.html (open it in a browser: xdg-open target/demo/report.html)"
