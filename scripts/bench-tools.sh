#!/bin/sh
# The tools given one run directory, against the passes issue 22 measures them by: --html against --summary,
# --patterns, shmemsim and shmem2otf2 against a merge alone (shmem2psins). Each round runs every tool once, in
# turn; prints per tool the wall time min / median of ROUNDS and the ratio of the minima (the goal: 1.5 x), and the
# least CPU time (user + system) a round took: on a machine of C cores no tool can take less than CPU / C of wall,
# which the last column gives as a ratio to the same base (NPROC cores; the floor the tool's work sets itself).
# Default run: `shmemtrace synth --pes 64 --events 200000`, written once. Not a test: the machine is noisy.
#   scripts/bench-tools.sh [ROUNDS] [PES] [EVENTS]        (after mvn package; OUT_DIR default target/bench-tools)
set -e
cd "$(dirname "$0")/.."
. scripts/setup.sh
rounds=${1:-3}
pes=${2:-64}
events=${3:-200000}
out=${OUT_DIR:-target/bench-tools}
run=target/bench-runs/${pes}x$events
mkdir -p "$out" target/bench-runs
[ -d "$run" ] || dist/bin/shmemtrace synth --pes "$pes" --events "$events" "$run" > /dev/null
# shmemsim's default model needs a machine file: nodes of 8 PEs, LogGP figures of a commodity network
printf 'Machine -8 1.8e9 1.7e-6 4\nNode -1 8 1 1 5e9 2e-7 1.0\n' > "$out/machine.cfg"
rm -f "$out"/*.times "$out"/*.cpu
cores=$(nproc)

# timed NAME COMMAND...: appends the command's wall and CPU times to NAME.times and NAME.cpu; a failed command
# ends the benchmark
timed() {
  name=$1
  shift
  if ! /usr/bin/time -f '%e %U %S' -o "$out/time" "$@" > /dev/null 2> "$out/err"; then
    echo "bench-tools: $name failed:" >&2
    cat "$out/err" >&2
    exit 1
  fi
  read -r wall user system < "$out/time"
  echo "$wall" >> "$out/$name.times"
  awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f\n", u + s }' >> "$out/$name.cpu"
}

for r in $(seq "$rounds"); do
  timed summary dist/bin/shmembin2txt --summary "$run"
  timed html dist/bin/shmembin2txt --force --html "$out/page.html" "$run"
  timed merge dist/bin/shmem2psins --force -o "$out/run.psins" "$run"
  timed patterns dist/bin/shmembin2txt --patterns "$run"
  timed shmemsim dist/bin/shmemsim --machine "$out/machine.cfg" "$run"
  timed shmem2otf2 dist/bin/shmem2otf2 --force -o "$out/run.otf2" "$run"
done

# min and median of a tool's wall times, then its least CPU time
stats() {
  sort -g "$out/$1.times" | awk '{ t[NR] = $1 } END { printf "%s %s ", t[1], t[int((NR + 1) / 2)] }'
  sort -g "$out/$1.cpu" | head -n 1
}
echo "${pes} PEs x $events events from the run directory, $rounds rounds (wall and CPU s, $cores cores):"
printf '%-12s %8s %8s %8s %8s  %s\n' tool min median ratio cpu "floor (CPU / $cores against the base)"
for pair in summary: merge: html:summary patterns:merge shmemsim:merge shmem2otf2:merge; do
  tool=${pair%%:*} base=${pair#*:}
  set -- $(stats "$tool")
  if [ -n "$base" ]; then
    basemin=$(stats "$base" | cut -d' ' -f1)
    ratio=$(awk -v a="$1" -v b="$basemin" 'BEGIN { printf "%.2f", a / b }')
    floor=$(awk -v c="$3" -v n="$cores" -v b="$basemin" 'BEGIN { printf "%.2f", c / n / b }')
    printf '%-12s %8s %8s %8s %8s  %s x %s\n' "$tool" "$1" "$2" "$ratio" "$3" "$floor" "$base"
  else
    printf '%-12s %8s %8s %8s %8s\n' "$tool" "$1" "$2" "" "$3"
  fi
done
rm -rf "$out/run.psins" "$out/run.RankPid.extended" "$out/run.otf2" "$out/page.html" "$out/time" "$out/err"
