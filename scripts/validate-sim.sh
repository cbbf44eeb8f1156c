#!/bin/sh
# shmemsim checked against a second machine. Machine A is this host with UCX's default transports (shared
# memory); machine B is this host with UCX_TLS=tcp,self (every transfer over TCP loopback). For each program:
# calibrate A and B with shmembench, trace it on A RUNS times and take the run of median window, predict A from
# that trace (self) and B from it (cross), run it on B RUNS times (traced: the window is read from the trace, as
# A's), and print per program and model: traced A (the median, and the spread of the runs), predicted A, error;
# traced B (median, and the spread), predicted B, error; the
# replay's speed; and the load average during the program's runs, so that noise can be told from error.
# Then the median and worst |error| per model, and how often the table model's interval (low_s-high_s) holds B's
# median window. Not a test: the figures depend on the machine and its load;
# 2 PEs on 2 cores is the only fair size here (openshmem-here.md).
#   scripts/validate-sim.sh [OUT_DIR]     (after mvn package; RUNS=3, MODELS="simple loggp contention table",
#                                          PROGRAMS="name ..." a subset of validate-common.sh's list)
# Writes OUT_DIR/validation.csv (one row per program and model) and OUT_DIR/validation.txt (the table).
set -e
cd "$(dirname "$0")/.."
. scripts/setup.sh
out=${1:-target/validate-sim}
runs=${RUNS:-3}
models=${MODELS:-simple loggp contention table}
np=2
mkdir -p "$out/bin"
out=$(cd "$out" && pwd)
dist=$(pwd)/dist/bin

. scripts/validate-common.sh # catalogue, field, window

load() { cut -d' ' -f1 /proc/loadavg; }
# the program (exe, args) traced RUNS times on machine $1 (A: the default transports; B: TCP) and merged; each run's
# window and number go to $out/$1-$name.windows
traced_runs() {
  tls=
  [ "$1" = B ] && tls=UCX_TLS=tcp,self
  : > "$out/$1-$name.windows"
  i=1
  while [ $i -le "$runs" ]; do
    rm -rf "$out/$1-$name-$i"
    # shellcheck disable=SC2086
    env $tls SHMEMTRACE_DIR="$out/$1-$name-$i" oshrun ${tls:+-x UCX_TLS} --oversubscribe -np $np "$dist/shmemtrace" \
      "$exe" $args < /dev/null > /dev/null
    "$dist/shmem2psins" -q --force -o "$out/$1-$name-$i.psins" "$out/$1-$name-$i"
    echo "$(window "$out/$1-$name-$i.psins") $i" >> "$out/$1-$name.windows"
    i=$((i + 1))
  done
}

echo "calibrating A (default transports) and B (UCX_TLS=tcp,self) ..."
"$dist/shmembench" calibrate --np $np --force -o "$out/A.cfg" > "$out/calibrate-A.txt"
UCX_TLS=tcp,self "$dist/shmembench" calibrate --np $np --force -o "$out/B.cfg" > "$out/calibrate-B.txt"

echo "program,model,traced_a_s,predicted_a_s,error_a,traced_b_median_s,traced_b_min_s,traced_b_max_s,predicted_b_s,error_b,events,replay_events_per_s,load_avg,traced_a_min_s,traced_a_max_s,low_b_s,high_b_s" \
  > "$out/validation.csv"
echo "$catalogue" | while IFS='|' read -r name source args; do
  [ -n "$name" ] || continue
  exe="$out/bin/$(basename "$source" .c)"
  oshcc -O2 -o "$exe" "$source" -lm
  l0=$(load)
  # A, RUNS times: the predictions start from the run whose window is the median (a run of a program that is an
  # outlier on its own machine would skew every prediction made from it), and A's spread is printed
  traced_runs A
  set -- $(sort -g "$out/A-$name.windows" | awk '{ w[NR] = $1; r[NR] = $2 } END { m = int((NR + 1) / 2); print w[m], r[m], w[1], w[NR] }')
  tracedA=$1 spreadA="$3 $4"
  rm -rf "$out/A-$name" "$out/A-$name.psins"
  ln -s "A-$name-$2" "$out/A-$name"
  ln -s "A-$name-$2.psins" "$out/A-$name.psins"
  traced_runs B
  l1=$(load)
  stats=$(sort -g "$out/B-$name.windows" | awk '{ v[NR] = $1 } END {
    m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print m, v[1], v[NR] }')
  for model in $models; do
    "$dist/shmemsim" -q --force --machine "$out/A.cfg" --comm-model "$model" --json "$out/$name-$model-self.json" \
      "$out/A-$name.psins" > "$out/$name-$model-self.txt"
    "$dist/shmemsim" -q --force --machine "$out/B.cfg" --comm-model "$model" --json "$out/$name-$model-cross.json" \
      "$out/A-$name.psins" > "$out/$name-$model-cross.txt"
    pa=$(field "$out/$name-$model-self.json" predicted_s)
    pb=$(field "$out/$name-$model-cross.json" predicted_s)
    ev=$(field "$out/$name-$model-cross.json" events)
    rs=$(field "$out/$name-$model-cross.json" replay_s)
    lb=$(field "$out/$name-$model-cross.json" low_s)
    hb=$(field "$out/$name-$model-cross.json" high_s)
    echo "$name $model $tracedA $pa $stats $pb $ev $rs $l0 $l1 $spreadA $lb $hb" | awk '{
      ea = ($4 - $3) / $3; eb = ($8 - $5) / $5
      printf "%s,%s,%.6f,%.6f,%.4f,%.6f,%.6f,%.6f,%.6f,%.4f,%d,%.0f,%.2f,%.6f,%.6f,%.6f,%.6f\n", $1, $2, $3, $4, ea, $5, $6, $7,
        $8, eb, $9, $9 / ($10 > 0 ? $10 : 1e-9), ($11 + $12) / 2, $13, $14, $15, $16 }' >> "$out/validation.csv"
  done
done

awk -F, 'NR > 1 {
  printf "%-12s %-10s %9.4f [%.4f-%.4f] %9.4f %+7.1f%%   %9.4f [%.4f-%.4f] %9.4f %+7.1f%% %10.0f %5.2f\n",
    $1, $2, $3, $14, $15, $4, 100 * $5, $6, $7, $8, $9, 100 * $10, $12, $13 }' "$out/validation.csv" > "$out/rows.txt"
{
  printf "%-12s %-10s %9s %15s %9s %8s   %9s %15s %9s %8s %10s %5s\n" program model "traced_A" "A_min-max" "pred_A" "err_A" \
    "traced_B" "B_min-max" "pred_B" "err_B" "events/s" "load"
  cat "$out/rows.txt"
  echo
  echo "per model: median / worst |error|, self (A from A) and cross (B from A's trace)"
  for model in $models; do
    awk -F, -v m="$model" 'NR > 1 && $2 == m { a = $5 < 0 ? -$5 : $5; b = $10 < 0 ? -$10 : $10; print a, b }' \
      "$out/validation.csv" > "$out/errors-$model.txt"
    self=$(cut -d' ' -f1 "$out/errors-$model.txt" | sort -g | awk '{ v[NR] = $1 } END {
      printf "%.1f %% / %.1f %%", 100 * (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2), 100 * v[NR] }')
    cross=$(cut -d' ' -f2 "$out/errors-$model.txt" | sort -g | awk '{ v[NR] = $1 } END {
      printf "%.1f %% / %.1f %%", 100 * (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2), 100 * v[NR] }')
    printf "  %-10s self %-18s cross %s\n" "$model" "$self" "$cross"
  done
  echo
  echo "intervals (table model: calibrate's spread and modes, the trace's variation): B's median window inside the cross prediction's low-high"
  awk -F, 'NR > 1 && $2 == "table" { print ($6 >= $16 && $6 <= $17), ($9 > 0 ? ($17 - $16) / 2 / $9 : 0) }' \
    "$out/validation.csv" > "$out/intervals.txt"
  inside=$(awk '{ s += $1 } END { print s + 0 }' "$out/intervals.txt")
  cut -d' ' -f2 "$out/intervals.txt" | sort -g | awk -v inside="$inside" '{ v[NR] = $1 } END {
    if (!NR) { print "  no table-model rows"; exit }
    printf "  %d of %d (%.0f %%), median half-width %.1f %%\n", inside, NR, 100 * inside / NR,
      100 * (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
} | tee "$out/validation.txt"
echo "wrote $out/validation.csv and $out/validation.txt"
