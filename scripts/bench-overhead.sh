#!/bin/sh
# Added cost per traced call: native-shim/bench/overhead.c on 2 PEs, plain and traced alternately in one
# invocation, ROUNDS rounds of N calls per loop. Prints min/median ns per call (wall and CPU) for each mode,
# the added ns (traced - plain), and the bytes per event on disk. Not a test: the machine is noisy.
# SHIM=path/to/libshmemtrace.so measures another build of the shim (e.g. an older one, side by side).
#   [SHIM=LIB] scripts/bench-overhead.sh [ROUNDS] [N]        (after mvn package)
set -e
cd "$(dirname "$0")/.."
. scripts/setup.sh
rounds=${1:-5}
n=${2:-1000000}
bench=native-shim/target/overhead
out=target/bench
shim=$(readlink -f "${SHIM:-dist/lib/libshmemtrace.so}")
rm -rf "$out" && mkdir -p "$out"
for r in $(seq "$rounds"); do
  oshrun --oversubscribe -np 2 "$bench" "$n" | sed 's/^/plain /' >> "$out/results"
  SHMEMTRACE_DIR="$out/trace-$r" oshrun --oversubscribe -np 2 -x LD_PRELOAD="$shim" "$bench" "$n" \
    | sed 's/^/traced /' >> "$out/results"
done
echo "$rounds rounds x $n calls per loop, 2 PEs; ns per call (min / median)"
for call in shmem_long_p shmem_putmem shmem_quiet; do
  for metric in wall_ns cpu_ns; do
    for mode in plain traced; do
      grep "^$mode $call " "$out/results" | sed "s/.*$metric=\([0-9.]*\).*/\1/" | sort -g > "$out/$mode"
    done
    paste "$out/plain" "$out/traced" | awk -v call="$call" -v metric="$metric" '
      { p[NR] = $1; t[NR] = $2 }
      END {
        m = int((NR + 1) / 2)
        printf "%-13s %-7s plain %8.2f / %8.2f   traced %8.2f / %8.2f   added %+7.2f / %+7.2f\n",
          call, metric, p[1], p[m], t[1], t[m], t[1] - p[1], t[m] - p[m]
      }'
  done
done
dist/bin/shmembin2txt --summary "$out/trace-$rounds" | grep 'bytes/event'
