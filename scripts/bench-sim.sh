#!/bin/sh
# shmemsim's accuracy and speed: traces real programs on 2 PEs (heat1d, pingpong, jacobi from examples/c and
# the tests' calls.c), calibrates this machine once with shmembench (or takes MACHINE=FILE), and replays each
# run under every model. Prints, per program and model: the traced and predicted application window, the
# error, and the replay speed; then the median |error| per model. Not a test: the machine is noisy, and 2 PEs
# on 2 cores is the only fair size here (openshmem-here.md).
#   scripts/bench-sim.sh [OUT_DIR]        (after mvn package)
set -e
cd "$(dirname "$0")/.."
. scripts/setup.sh
out=${1:-target/bench-sim}
mkdir -p "$out"
machine=${MACHINE:-$out/machine.cfg}
[ -n "$MACHINE" ] || dist/bin/shmembench calibrate --np 2 --force -o "$machine" > "$out/calibrate.txt"
for prog in examples/c/heat1d.c examples/c/pingpong.c examples/c/jacobi.c tests/src/test/c/calls.c; do
  name=$(basename "$prog" .c)
  oshcc -O2 -pthread -o "$out/$name" "$prog" -lm
  rm -rf "$out/trace-$name"
  SHMEMTRACE_DIR="$out/trace-$name" oshrun --oversubscribe -np 2 dist/bin/shmemtrace "$out/$name" > /dev/null
  dist/bin/shmem2psins -q --force -o "$out/$name.psins" "$out/trace-$name"
done
printf '%-10s %-11s %12s %12s %9s %10s %14s\n' program model traced_s predicted_s error events "events/s"
for prog in heat1d pingpong jacobi calls; do
  for model in measured simple loggp contention; do
    dist/bin/shmemsim -q --force --machine "$machine" --comm-model "$model" --json "$out/$prog-$model.json" \
      "$out/$prog.psins" > /dev/null
    awk -v prog="$prog" -v model="$model" -F'[:,]' '
      /"predicted_s"/ { p = $2 } /"traced_s"/ && !t { t = $2 } /"events"/ { e = $2 } /"replay_s"/ { r = $2 }
      END { printf "%-10s %-11s %12.6f %12.6f %+8.1f%% %10d %14.0f\n", prog, model, t, p, 100 * (p - t) / t, e, e / r }
    ' "$out/$prog-$model.json"
  done
done | tee "$out/results.txt"
echo
echo "median |error| per model:"
for model in measured simple loggp contention; do
  awk -v model="$model" '$2 == model { sub(/%/, "", $5); e = $5 < 0 ? -$5 : $5; print e }' "$out/results.txt" \
    | sort -g | awk -v model="$model" '{ v[NR] = $1 } END { printf "  %-11s %.1f %%\n", model, NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
done
