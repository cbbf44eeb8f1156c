#!/bin/sh
# The engine exact on programs it was not written for (issue 46, item 5): Sandia OpenSHMEM's own unit tests (121
# programs, scripts/build-sos.sh builds them from the vendored sources) traced at each of NPS PEs, each run merged and
# replayed with the measured model, which must give back the traced window. Prints per run the traced and replayed
# window and the error, then how many runs are within 1 % and the others with where their time moved (shmemsim's
# by-type table). The 2-PE runs are a test too (SosTest); more PEs than cores takes a while (4 PEs: 9.5 minutes here).
# Not a test: a run that exits non-zero (some need exactly 2 PEs) is listed apart, not judged.
#   scripts/validate-replay.sh [OUT_DIR]   (after scripts/build.sh; NPS="4" by default, PROGRAMS="name ..." a subset)
# Writes OUT_DIR/replay.csv (one row per run) and OUT_DIR/replay.txt (the summary).
set -e
cd "$(dirname "$0")/.."
root=$(pwd)
out=${1:-target/validate-replay}
nps=${NPS:-4}
mkdir -p "$out"
out=$(cd "$out" && pwd)
dist=$root/dist/bin
sos=$root/target/sos
scripts/build-sos.sh || { echo "validate-replay: no Sandia OpenSHMEM build: nothing to replay"; exit 1; }
. scripts/validate-common.sh # field

programs=${PROGRAMS:-$(cd "$sos/unit" && ls | grep -v '\.c$')}
echo "program,pes,traced_s,replayed_s,error" > "$out/replay.csv"
: > "$out/failed.txt"
for np in $nps; do
  for name in $programs; do
    run="$out/$name-$np"
    rm -rf "$run" "$run.json"
    if ! SHMEMTRACE_QUIET=1 SHMEMTRACE_DIR="$run" OMPI_MCA_btl=^uct timeout 300 "$sos/bin/oshrun" --allow-run-as-root \
        --oversubscribe -np "$np" "$dist/shmemtrace" "$sos/unit/$name" < /dev/null > "$run.out" 2>&1; then
      echo "$name $np: exited non-zero traced (not judged)" >> "$out/failed.txt"
      continue
    fi
    if ! "$dist/shmemsim" -q --force --no-interval --comm-model measured --json "$run.json" "$run" > "$run.txt" 2>&1; then
      echo "$name $np: shmemsim: $(head -1 "$run.txt")" >> "$out/failed.txt"
      continue
    fi
    echo "$name,$np,$(field "$run.json" traced_s),$(field "$run.json" predicted_s)" | awk -F, '{
      printf "%s,%s,%.6f,%.6f,%.6f\n", $1, $2, $3, $4, ($3 > 0 ? ($4 - $3) / $3 : 0) }' >> "$out/replay.csv"
  done
done

{
  awk -F, 'NR > 1 { e = $5 < 0 ? -$5 : $5; n++; if (e <= 0.01) within++
      printf "%-44s %2d PEs  traced %10.6f s  replayed %10.6f s  %+7.2f %%\n", $1, $2, $3, $4, 100 * $5 }
    END { printf "\n%d of %d runs replayed within 1 %% of their traced window\n", within, n }' "$out/replay.csv"
  if [ -s "$out/failed.txt" ]; then echo "not judged:"; sed 's/^/  /' "$out/failed.txt"; fi
  awk -F, 'NR > 1 && ($5 > 0.01 || $5 < -0.01) { print $1 "-" $2 }' "$out/replay.csv" | while read -r r; do
    echo
    echo "$r: where the replay moved"
    sed -n '/^by event type/,/^$/p' "$out/$r.txt"
  done
} > "$out/replay.txt"
cat "$out/replay.txt"
echo "wrote $out/replay.csv and $out/replay.txt"
