#!/bin/sh
# Added cost per traced Java call: tracer-agent/bench/AgentOverhead.java under oshrun -np 1, plain and with
# -javaagent:shmemtrace.jar alternately, ROUNDS rounds of N calls; prints min/median ns per call of
# each and the difference, then the agent's start-up cost (a JVM that never starts OpenSHMEM, with and without).
#   [AGENT=JAR] scripts/bench-agent.sh [ROUNDS] [N]        (after mvn package)
set -e
cd "$(dirname "$0")/.."
. scripts/setup.sh
rounds=${1:-5}
n=${2:-2000000}
out=target/bench-agent
# AGENT=path/to/shmemtrace.jar measures another build of the agent (e.g. an older one, side by side)
agent=${AGENT:-dist/lib/shmemtrace.jar}
rm -rf "$out" && mkdir -p "$out/classes"
javac -d "$out/classes" -cp dist/lib/openshmem-java.jar tracer-agent/bench/AgentOverhead.java
cp="$out/classes:dist/lib/openshmem-java.jar"
export UCX_ERROR_SIGNALS=
for r in $(seq "$rounds"); do
  oshrun -np 1 java -cp "$cp" AgentOverhead "$n" | sed 's/^/plain /' >> "$out/results"
  SHMEMTRACE_DIR="$out/trace-$r" oshrun -np 1 java -javaagent:$agent -cp "$cp" AgentOverhead "$n" \
    | sed 's/^/agent /' >> "$out/results"
done
echo "$rounds rounds x $n calls, 1 PE; ns per call (min / median)"
for call in shmem_long_p shmem_fence; do
  for mode in plain agent; do
    grep "^$mode " "$out/results" | sed "s/.*$call \([0-9.]*\) ns.*/\1/" | sort -g > "$out/$mode"
  done
  paste "$out/plain" "$out/agent" | awk -v call="$call" '
    { p[NR] = $1; a[NR] = $2 }
    END {
      m = int((NR + 1) / 2)
      printf "%-13s plain %8.2f / %8.2f   agent %8.2f / %8.2f   added %+7.2f / %+7.2f\n",
        call, p[1], p[m], a[1], a[m], a[1] - p[1], a[m] - p[m]
    }'
done
javac -d "$out/classes" tests/src/test/java/io/shmemtrace/tests/programs/NoShmem.java
for mode in plain agent; do
  for r in $(seq "$rounds"); do
    flag=""; [ "$mode" = agent ] && flag="-javaagent:$agent"
    s=$(date +%s%N); java $flag -cp "$out/classes" io.shmemtrace.tests.programs.NoShmem > /dev/null; e=$(date +%s%N)
    echo $(( (e - s) / 1000000 )) >> "$out/start-$mode"
  done
  sort -n "$out/start-$mode" -o "$out/start-$mode"
done
paste "$out/start-plain" "$out/start-agent" | awk '
  { p[NR] = $1; a[NR] = $2 }
  END { m = int((NR + 1) / 2); printf "JVM start-up ms (min / median): plain %d / %d, agent %d / %d, added %d / %d\n",
        p[1], p[m], a[1], a[m], a[1] - p[1], a[m] - p[m] }'
