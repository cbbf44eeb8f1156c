#!/bin/sh
# Merge throughput of shmem2psins: events/s and peak RSS for synthetic runs of 64 PEs x 1 M events and
# 16,384 PEs x 1,000 events (written once by `shmemtrace synth`), ROUNDS merges each, min/median.
# Not a test: the machine is noisy. Output goes to OUT_DIR (default target/bench-merge; give a tmpfs such as
# /dev/shm to leave the disk out).
#   scripts/bench-merge.sh [ROUNDS] [OUT_DIR]        (after mvn package; needs ~5 GB in OUT_DIR)
set -e
cd "$(dirname "$0")/.."
. scripts/setup.sh
rounds=${1:-3}
out=${2:-target/bench-merge}
runs=target/bench-runs
mkdir -p "$runs" "$out"
for shape in 64x1000000 16384x1000; do
  pes=${shape%x*} events=${shape#*x}
  [ -d "$runs/$shape" ] || dist/bin/shmemtrace synth --pes "$pes" --events "$events" "$runs/$shape"
  : > "$out/$shape.results"
  for r in $(seq "$rounds"); do
    rm -f "$out/$shape.psins" "$out/$shape.RankPid.extended"
    /usr/bin/time -f "rss_kb=%M" -o "$out/time" dist/bin/shmem2psins -o "$out/$shape.psins" "$runs/$shape" \
      2> "$out/line"
    sed -n 's/.* in \([0-9.]*\) s (\([0-9.]*\) M events\/s; merge thread CPU \([0-9.]*\) s).*/\1 \2 \3/p' "$out/line" \
      | tr '\n' ' ' >> "$out/$shape.results"
    cat "$out/time" | sed 's/rss_kb=//' >> "$out/$shape.results"
  done
  size=$(stat -c %s "$out/$shape.psins")
  sort -g -k2 -r "$out/$shape.results" | awk -v shape="$shape" -v size="$size" -v events="$((pes * events))" '
    { s[NR] = $1; r[NR] = $2; c[NR] = $3; m[NR] = $4 }
    END {
      md = int((NR + 1) / 2)
      printf "%-12s %d events, %.1f bytes/event: %.1f / %.1f M events/s (best / median of %d), wall %.2f s,",
        shape, events, size / events, r[1], r[md], NR, s[1]
      printf " merge thread CPU %.2f s (%.1f M events/s of CPU), peak RSS %d MB\n", c[1], events / c[1] / 1e6, m[1] / 1024
    }'
  rm -f "$out/$shape.psins" "$out/$shape.RankPid.extended"
done
