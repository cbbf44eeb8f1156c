#!/bin/sh
# shmemtrace findings checked against fixes made for real (issue 44). For each planted example (a problem and its
# fixed variant, selected by an argument) and PE count: trace the planted variant RUNS times and the fixed one RUNS
# times; from the planted run of median window take the top finding and its predicted gain (its fix replayed on the
# traced times); the measured gain is the median planted window less the median fixed window (each window read from
# its trace, as the findings read it). Prints per example and PE count: the top finding (kind, PEs, region), the
# windows (median and spread), the predicted and measured gains and their difference; and the load average. Not a
# test: the figures depend on the machine and its load (2 PEs on 2 cores is the only fair size here).
#   scripts/validate-findings.sh [OUT_DIR]     (after mvn package; RUNS=3, NPS="2 4", EXAMPLES="imbalance ..." for some)
# Writes OUT_DIR/findings-validation.txt.
set -e
cd "$(dirname "$0")/.."
. scripts/setup.sh
out=${1:-target/validate-findings}
runs=${RUNS:-3}
nps=${NPS:-2 4}
mkdir -p "$out/bin"
out=$(cd "$out" && pwd)
dist=$(pwd)/dist/bin

# name | source | arguments | planted-only argument | fixed-only argument
catalogue='imbalance|examples/c/imbalance.c|40 2000000||fixed
smallputs|examples/c/smallputs.c|100 4096 20000||fixed
reductions|examples/c/reductions.c|200 64 20000||fixed
lateflag|examples/c/lateflag.c|40 500000||fixed
hotlock|examples/c/hotlock.c|40 500000||fixed'

calc() { awk "BEGIN { print $1 }"; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
spread() { sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.1f", (hi - lo) * 1000 }'; }
field() { python3 -c "import json,sys; d = json.load(open(sys.argv[1])); f = d['findings']; print($2)" "$1"; }

table="$out/findings-validation.txt"
printf '%-10s %3s %-28s %13s %9s %13s %9s %11s %11s %8s %5s\n' example np "top finding" planted_ms spread_ms \
    fixed_ms spread_ms predicted_ms measured_ms diff load > "$table"
echo "$catalogue" | while IFS='|' read -r name source args planted fixed; do
    case " ${EXAMPLES:-$name} " in *" $name "*) ;; *) continue ;; esac
    oshcc -O2 -g -Idist/include -o "$out/bin/$name" "$source"
    for np in $nps; do
        for variant in planted fixed; do
            extra=$planted
            [ "$variant" = fixed ] && extra=$fixed
            for i in $(seq 1 "$runs"); do
                run="$out/$name-$np-$variant-$i"
                rm -rf "$run"
                # shellcheck disable=SC2086
                SHMEMTRACE_QUIET=1 SHMEMTRACE_DIR="$run" oshrun --oversubscribe -np "$np" "$dist/shmemtrace" \
                    "$out/bin/$name" $args $extra < /dev/null > /dev/null
                "$dist/shmemtrace" findings -q --force --json "$run.json" "$run" > "$run.txt"
                echo "$(field "$run.json" "d['window_s']") $run" >> "$out/$name-$np-$variant.windows"
            done
        done
        planted_median=$(cut -d' ' -f1 "$out/$name-$np-planted.windows" | median)
        fixed_median=$(cut -d' ' -f1 "$out/$name-$np-fixed.windows" | median)
        median_run=$(grep "^$planted_median " "$out/$name-$np-planted.windows" | head -1 | cut -d' ' -f2)
        top=$(field "$median_run.json" "f[0]['kind'] + ' PEs ' + ','.join(map(str, f[0]['pes'])) + ' ' + str(f[0]['region']) if f else 'none'")
        predicted=$(field "$median_run.json" "(f[0]['predicted_gain_s'] or 0) if f else 0")
        printf '%-10s %3s %-28s %13.2f %9s %13.2f %9s %11.2f %11.2f %7.1f%% %5s\n' "$name" "$np" "$top" \
            "$(calc "$planted_median * 1000")" "$(cut -d' ' -f1 "$out/$name-$np-planted.windows" | spread)" \
            "$(calc "$fixed_median * 1000")" "$(cut -d' ' -f1 "$out/$name-$np-fixed.windows" | spread)" \
            "$(calc "$predicted * 1000")" "$(calc "($planted_median - $fixed_median) * 1000")" \
            "$(calc "100 * ($predicted - ($planted_median - $fixed_median)) / ($planted_median - $fixed_median)")" \
            "$(cut -d' ' -f1 /proc/loadavg)" >> "$table"
        rm -f "$out/$name-$np-planted.windows" "$out/$name-$np-fixed.windows"
    done
done
cat "$table"
