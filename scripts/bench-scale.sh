#!/bin/sh
# Every tool over one synthetic run of N PEs (default 131,072; issue 45 item 4): `shmemtrace synth` (blocks of
# 4 KiB: 20 events fill one), then the summary, CSV, page, wait states, findings, merge, OTF2 and shmemsim, each under
# `ulimit -n 256` with the Java heap capped at 8 GB. Prints per tool its wall time, its peak resident memory and its
# exit status, and the run's size. Not a test: figures for docs/scale.md (the machine is shared; run it on a quiet one).
#   scripts/bench-scale.sh [PES] [EVENTS_PER_PE]        (default 131072 20; after scripts/build.sh)
set -e
cd "$(dirname "$0")/.."
. scripts/setup.sh
pes=${1:-131072}
events=${2:-20}
out=${OUT_DIR:-target/bench-scale}
run=$out/run-${pes}x$events
mkdir -p "$out"
if [ ! -d "$run" ]; then
  start=$(date +%s)
  dist/bin/shmemtrace synth --pes "$pes" --events "$events" --block-size 4096 "$run" > /dev/null
  echo "bench-scale: synth of $pes PEs x $events events: $(( $(date +%s) - start )) s"
fi
echo "bench-scale: $pes PEs, $(du -sh "$run" | cut -f1) of traces, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf 'Machine -8 1.8e9 1.7e-6 4\nNode -1 8 1 1 5e9 2e-7 1.0\n' > "$out/machine.cfg"
printf '%-10s %10s %12s %6s\n' tool wall_s peak_rss_mb exit

# timed NAME COMMAND...: the command's wall time and peak RSS (GNU time), at most 256 files open, heap at most 8 GB
timed() {
  name=$1
  shift
  set +e
  ( ulimit -n 256; JAVA_TOOL_OPTIONS="-Xmx8g" /usr/bin/time -f '%e %M' -o "$out/time" "$@" > /dev/null 2> "$out/$name.err" )
  status=$?
  set -e
  read -r wall rss < "$out/time" || { wall=-; rss=0; }
  printf '%-10s %10s %12d %6d\n' "$name" "$wall" $(( rss / 1024 )) "$status"
}

rm -rf "$out/page.html" "$out/run.psins" "$out/run.RankPid.extended" "$out/archive"
timed summary dist/bin/shmembin2txt -q --summary "$run"
timed csv dist/bin/shmembin2txt -q --csv "$run"
timed page dist/bin/shmembin2txt -q --html "$out/page.html" "$run"
timed waits dist/bin/shmembin2txt -q --waits "$run"
timed findings dist/bin/shmemtrace findings -q "$run"
timed merge dist/bin/shmem2psins -q -o "$out/run.psins" "$run"
timed otf2 dist/bin/shmem2otf2 -q -o "$out/archive" "$run"
timed shmemsim dist/bin/shmemsim -q --machine "$out/machine.cfg" "$run"
echo "bench-scale: each tool's messages in $out/NAME.err"
