#!/bin/sh
# Instructions the tracer adds per call, counted by valgrind's callgrind (exact where wall time is noisy):
# native-shim/bench/loop.c (shmem_quiet + shmem_long_p to itself, N times) on 1 PE, plain and traced, at two
# loop lengths; the difference between the lengths cancels start-up and shut-down:
#   added per call = ((traced(N2) - traced(N1)) - (plain(N2) - plain(N1))) / (N2 - N1) / 2
# With MODE g the loop is two shmem_long_g of alternating words: polling calls that never repeat.
# SHIM=path/libshmemtrace.so counts another build (a previous one, side by side); SHMEMTRACE_CALLSITES=1 counts
# the cost of recording call sites.
#   scripts/callgrind-shim.sh [N1] [N2] [MODE]        (after mvn package; apt-get install valgrind)
set -e
cd "$(dirname "$0")/.."
. scripts/setup.sh
command -v valgrind >/dev/null || { echo "callgrind-shim: needs valgrind (apt-get install valgrind)"; exit 2; }
n1=${1:-20000}
n2=${2:-120000}
mode=${3:-}
out=target/callgrind
shim=${SHIM:-$PWD/dist/lib/libshmemtrace.so}
rm -rf "$out" && mkdir -p "$out"
oshcc -O2 -o "$out/loop" native-shim/bench/loop.c
count() { # mode n
  if [ "$1" = traced ]; then preload="-x LD_PRELOAD=$shim"; else preload=""; fi
  SHMEMTRACE_DIR="$out/trace-$1-$2" oshrun -np 1 $preload valgrind --tool=callgrind \
    --callgrind-out-file="$out/cg.$1.$2" "$out/loop" "$2" $mode > /dev/null 2>&1
  sed -n 's/^summary: //p' "$out/cg.$1.$2"
}
p1=$(count plain "$n1"); p2=$(count plain "$n2"); t1=$(count traced "$n1"); t2=$(count traced "$n2")
label="quiet + long_p"; [ "$mode" = g ] && label="long_g, never repeating"
awk -v label="$label" -v p1="$p1" -v p2="$p2" -v t1="$t1" -v t2="$t2" -v n="$((n2 - n1))" 'BEGIN {
  printf "plain %.1f, traced %.1f instructions per call (%s); the tracer adds %.1f per call\n",
    (p2 - p1) / n / 2, (t2 - t1) / n / 2, label, ((t2 - t1) - (p2 - p1)) / n / 2 }'
# The shim's own instructions (its functions and what it inlines): deterministic, where "plain" varies by a few
# instructions per call from run to run (the library's progress loops).
own() { callgrind_annotate --auto=no --threshold=100 "$1" | awk '/native-shim|libshmemtrace/ { gsub(",", "", $1); s += $1 } END { print s }'; }
awk -v a="$(own "$out/cg.traced.$n1")" -v b="$(own "$out/cg.traced.$n2")" -v n="$((n2 - n1))" 'BEGIN {
  printf "the shim'"'"'s own instructions: %.1f per call (its block checksums included)\n", (b - a) / n / 2 }'
# Under valgrind a call lasts ~50 times longer, so its times take more bytes (and the encoder more instructions)
# than in a native run (scripts/bench-overhead.sh prints those bytes).
dist/bin/shmembin2txt --summary "$out/trace-traced-$n2" | sed -n 's/.*events, \([0-9.]*\) bytes\/event.*/bytes per event in the traced run under valgrind: \1/p'
echo "per function: callgrind_annotate $out/cg.traced.$n2 | head -40"
