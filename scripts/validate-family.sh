#!/bin/sh
# Predictions checked against a family of machines on this host (issue 46): shared memory (UCX's defaults), TCP
# loopback (UCX_TLS=tcp,self), and two hosts of one PE each (scripts/hosts.sh: network namespaces on a bridge) with
# their link unlimited, at 1 Gbit/s and at 100 Mbit/s (tc tbf). Each machine is calibrated (shmembench calibrate
# --deadline), and each program traced RUNS times on it; every machine is then predicted from the program's trace on
# the first machine (its run of median window) with shmemsim's table model, and the tables say per program and
# machine: the traced window (median, min-max), the prediction and its interval, the error; the median and worst
# |error| on the first machine and on the others; per program the machines ranked by measurement and by prediction,
# and whether the two orders agree for every pair of machines whose measured
# windows do not overlap (their spread tells them apart), and of the pairs in the wrong order how many were predicted
# within each other's intervals (a prediction that does not separate them); then how often the interval held the
# median window. Not a test: the figures depend on the machine and its load. As root (the hosts); 2 PEs.
#   scripts/validate-family.sh [OUT_DIR]   (after scripts/build.sh; RUNS=3, DEADLINE=120 seconds of calibration per
#                                           machine, MACHINES="shm tcp hosts hosts-1gbit hosts-100mbit" in order,
#                                           PROGRAMS="name ..." a subset of validate-common.sh's list; REUSE=1 keeps
#                                           what OUT_DIR has of an earlier run: its machine files and traced runs)
# Writes OUT_DIR/family.csv (one row per program and machine) and OUT_DIR/family.txt (the tables).
set -e
cd "$(dirname "$0")/.."
. scripts/setup.sh
out=${1:-target/validate-family}
runs=${RUNS:-3}
deadline=${DEADLINE:-120}
machines=${MACHINES:-shm tcp hosts hosts-1gbit hosts-100mbit}
np=2
mkdir -p "$out/bin"
out=$(cd "$out" && pwd)
root=$(pwd)
dist=$root/dist/bin
trap 'scripts/hosts.sh down > /dev/null 2>&1 || true' EXIT INT TERM

. scripts/validate-common.sh # validate-sim.sh's programs; field, window

# machine_up M: brings machine M up; sets launch (the command that starts a job's PEs), hosts_launcher (calibrate's,
# empty for oshrun itself) and tls
machine_up() {
  scripts/hosts.sh down > /dev/null 2>&1 || true
  tls=
  launch="oshrun --oversubscribe"
  hosts_launcher=
  calibrate_sizes=
  case "$1" in
    shm) ;;
    tcp) tls=tcp,self; launch="oshrun --oversubscribe -x UCX_TLS" ;;
    hosts) scripts/hosts.sh up 2 > /dev/null; hosts_launcher="$root/scripts/hosts.sh oshrun"; launch=$hosts_launcher ;;
    hosts-*) scripts/hosts.sh up 2 --rate "${1#hosts-}" > /dev/null; hosts_launcher="$root/scripts/hosts.sh oshrun"
      launch=$hosts_launcher
      calibrate_sizes="--largest 64K --size-step 4" ;; # a slow link: a fraction of the rows
    *) echo "validate-family: no machine $1 (shm, tcp, hosts, hosts-RATE)" >&2; exit 2 ;;
  esac
}
# run ARGS...: a job on the machine that is up
run() {
  if [ -n "$tls" ]; then UCX_TLS=$tls $launch "$@"; else $launch "$@"; fi
}

first=
for m in $machines; do
  [ -n "$first" ] || first=$m
  machine_up "$m"
  if [ -n "$REUSE" ] && [ -s "$out/$m.cfg" ]; then
    echo "machine $m: calibrated before ($out/$m.cfg)"
  else
    echo "machine $m: calibrating (deadline $deadline s) ..."
    (
      if [ -n "$tls" ]; then export UCX_TLS="$tls"; fi
      if [ -n "$hosts_launcher" ]; then export SHMEMBENCH_LAUNCHER="$hosts_launcher"; fi
      exec "$dist/shmembench" calibrate --np $np --deadline "$deadline" $calibrate_sizes --force -o "$out/$m.cfg"
    ) > "$out/calibrate-$m.txt" 2>&1
  fi
  echo "$catalogue" | while IFS='|' read -r name source args; do
    [ -n "$name" ] || continue
    exe="$out/bin/$name"
    [ -x "$exe" ] || oshcc -O2 -o "$exe" "$source" -lm
    if [ -n "$REUSE" ] && [ "$(cat "$out/$m-$name.windows" 2> /dev/null | wc -l)" -ge "$runs" ]; then
      echo "  $name: traced before"
      continue
    fi
    : > "$out/$m-$name.windows"
    i=1
    while [ $i -le "$runs" ]; do
      rm -rf "$out/$m-$name-$i"
      SHMEMTRACE_QUIET=1 SHMEMTRACE_DIR="$out/$m-$name-$i" run -np $np "$dist/shmemtrace" "$exe" $args \
        < /dev/null > /dev/null
      "$dist/shmem2psins" -q --force -o "$out/$m-$name-$i.psins" "$out/$m-$name-$i"
      echo "$(window "$out/$m-$name-$i.psins") $i" >> "$out/$m-$name.windows"
      i=$((i + 1))
    done
    echo "  $name: $(sort -g "$out/$m-$name.windows" | awk '{ printf "%s%.4f", (NR > 1 ? " " : ""), $1 }') s"
  done
done
scripts/hosts.sh down > /dev/null 2>&1 || true

echo "program,machine,traced_median_s,traced_min_s,traced_max_s,predicted_s,low_s,high_s,error" > "$out/family.csv"
echo "$catalogue" | while IFS='|' read -r name source args; do
  [ -n "$name" ] || continue
  # the reference trace: the first machine's run of median window
  ref=$(sort -g "$out/$first-$name.windows" | awk '{ r[NR] = $2 } END { print r[int((NR + 1) / 2)] }')
  for m in $machines; do
    "$dist/shmemsim" -q --force --machine "$out/$m.cfg" --json "$out/$name-on-$m.json" \
      "$out/$first-$name-$ref.psins" > "$out/$name-on-$m.txt"
    stats=$(sort -g "$out/$m-$name.windows" | awk '{ v[NR] = $1 } END {
      print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2), v[1], v[NR] }')
    echo "$name $m $stats $(field "$out/$name-on-$m.json" predicted_s) $(field "$out/$name-on-$m.json" low_s)" \
      "$(field "$out/$name-on-$m.json" high_s)" | awk '{
      printf "%s,%s,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.4f\n", $1, $2, $3, $4, $5, $6, $7, $8, ($6 - $3) / $3 }' \
      >> "$out/family.csv"
  done
done

{
  printf "%-12s %-14s %10s %21s %10s %21s %8s\n" program machine traced_s "min-max" predicted "low-high" error
  awk -F, 'NR > 1 { printf "%-12s %-14s %10.4f [%8.4f-%8.4f] %10.4f [%8.4f-%8.4f] %+7.1f%%\n", $1, $2, $3, $4, $5, $6, $7,
    $8, 100 * $9 }' "$out/family.csv"
  echo
  # |error| on the reference trace's own machine and on the others: the issue's goals are on their medians and worst
  echo "errors (|predicted - traced median| / traced median)"
  for group in self cross; do
    awk -F, -v first="$first" -v group="$group" 'NR > 1 && (($2 == first) == (group == "self")) {
      e = $9 < 0 ? -$9 : $9; printf "%.6f %s %s\n", 100 * e, $1, $2 }' "$out/family.csv" | sort -g |
      awk -v group="$group" '{ v[NR] = $1; worst = $2 " on " $3 }
        END {
          if (!NR) exit
          where = (group == "self") ? "on the trace'"'"'s own machine" : "on the other machines"
          median = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
          printf "  %s: median %.1f %%, worst %.1f %% (%s), %d cases\n", where, median, v[NR], worst, NR
        }'
  done
  echo
  echo "ranking (fastest first) by measurement and by prediction; pairs the measurement separates (min-max apart)"
  awk -F, 'NR > 1 { n[$1]++; k = n[$1]; m[$1, k] = $2; t[$1, k] = $3; lo[$1, k] = $4; hi[$1, k] = $5; p[$1, k] = $6
      plo[$1, k] = $7; phi[$1, k] = $8
      if (!seen[$1]++) order[++programs] = $1 }
    END {
      for (q = 1; q <= programs; q++) {
        g = order[q]; c = n[g]; sep = 0; agree = 0; tied = 0
        for (i = 1; i <= c; i++) for (j = 1; j <= c; j++) {
          if (hi[g, i] < lo[g, j]) {
            sep++
            if (p[g, i] < p[g, j]) agree++
            else if (phi[g, j] >= plo[g, i]) tied++ # the wrong order, but within each other'"'"'s intervals
          }
        }
        printf "  %-12s measured: %s\n", g, ranked(g, c, t, m)
        printf "  %-12s predicted: %s; %d of %d separated pairs in the measured order%s\n", "", ranked(g, c, p, m),
          agree, sep, tied ? sprintf(" (of the rest, %d within each other'"'"'s intervals)", tied) : ""
        allsep += sep; allagree += agree; alltied += tied
      }
      printf "  in all: %d of %d separated pairs ranked right; of the %d others, %d predicted within each other'"'"'s" \
        " intervals (the prediction does not separate them), %d apart in the wrong order\n", allagree, allsep,
        allsep - allagree, alltied, allsep - allagree - alltied
    }
    function ranked(g, c, v, names,   i, j, s, idx, tmp) {
      for (i = 1; i <= c; i++) idx[i] = i
      for (i = 1; i <= c; i++) for (j = i + 1; j <= c; j++) if (v[g, idx[j]] < v[g, idx[i]]) { tmp = idx[i]; idx[i] = idx[j]; idx[j] = tmp }
      s = ""
      for (i = 1; i <= c; i++) s = s (i > 1 ? " < " : "") names[g, idx[i]]
      return s
    }' "$out/family.csv"
  echo
  echo "intervals: the median window inside the prediction's low-high (and how often the fastest, the median or the slowest run's was)"
  awk -F, 'NR > 1 { n++; if ($3 >= $7 && $3 <= $8) inside++; if (($4 >= $7 && $4 <= $8) || ($5 >= $7 && $5 <= $8) || ($3 >= $7 && $3 <= $8)) touching++
      w = $6 > 0 ? ($8 - $7) / 2 / $6 : 0; print w > "/dev/stderr" }
    END { printf "  %d of %d (%.0f %%); a run'"'"'s window inside in %d\n", inside, n, n ? 100 * inside / n : 0, touching }' \
    "$out/family.csv" 2> "$out/halfwidths.txt"
  sort -g "$out/halfwidths.txt" | awk '{ v[NR] = $1 } END { if (NR) printf "  median half-width %.1f %%\n",
    100 * (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
  echo "  (load average at the end: $(cut -d' ' -f1-3 /proc/loadavg))"
} | tee "$out/family.txt"
echo "wrote $out/family.csv and $out/family.txt"
