#!/bin/sh
# shmembin2txt throughput: events/s, output bytes per event and peak RSS of --summary and --csv for synthetic
# runs of 64 PEs x 1 M events and 16,384 PEs x 1,000 events (written once by `shmemtrace synth`), under
# ulimit -n 256, ROUNDS runs each, min/median of the wall time. Not a test: the machine is noisy.
#   scripts/bench-bin2txt.sh [ROUNDS]        (after mvn package)
set -e
cd "$(dirname "$0")/.."
. scripts/setup.sh
rounds=${1:-3}
runs=target/bench-runs
out=target/bench-bin2txt
mkdir -p "$runs" "$out"
for shape in 64x1000000 16384x1000; do
  pes=${shape%x*} events=${shape#*x}
  [ -d "$runs/$shape" ] || dist/bin/shmemtrace synth --pes "$pes" --events "$events" "$runs/$shape"
  input=$(du -sb "$runs/$shape" | cut -f1)
  for mode in --summary --csv; do
    : > "$out/results"
    # The output is counted once, not kept (a CSV of 64 M events is 6 GB); the timed runs write to /dev/null, so
    # that a pipe and its reader are not in the figure.
    bytes=$(dist/bin/shmembin2txt "$mode" "$runs/$shape" | wc -c)
    for r in $(seq "$rounds"); do
      s=$(date +%s%N)
      /usr/bin/time -f "%M" -o "$out/rss" sh -c 'ulimit -n 256 && exec "$0" "$1" "$2"' \
        dist/bin/shmembin2txt "$mode" "$runs/$shape" > /dev/null
      e=$(date +%s%N)
      echo "$(( (e - s) / 1000000 )) $(cat "$out/rss") $bytes" >> "$out/results"
    done
    sort -n "$out/results" | awk -v shape="$shape" -v mode="$mode" -v events="$((pes * events))" -v input="$input" '
      { ms[NR] = $1; rss[NR] = $2; bytes = $3 }
      END {
        m = int((NR + 1) / 2)
        printf "%-11s %-9s %d events (%.1f trace bytes/event): %.2f / %.2f s (min / median of %d), %.1f M events/s,",
          shape, mode, events, input / events, ms[1] / 1000, ms[m] / 1000, NR, events / ms[1] * 1000 / 1e6
        printf " output %.1f MB (%.1f bytes/event), peak RSS %d MB\n", bytes / 1e6, bytes / events, rss[1] / 1024
      }'
  done
done
