# Sourced by the launchers in bin/: runs a tool jar of lib/.
#   run_java_tool JAR ARGS...
#   young=MB run_java_tool JAR ARGS...   a young generation of MB megabytes (where the machine has 8 GB or more)
# The tools are batch programs with one busy thread: the serial collector costs them least. With G1 (the JVM's
# default on 2 cores and more) a replay of 16,384 tasks x 1,000 events took 5.2-5.4 s and 0.76 GB, with the serial
# collector 3.8-4.0 s and 0.24 GB (docs/performance.md). A collector chosen in JAVA_TOOL_OPTIONS is left to rule.
# Progress bars go to stderr, drawn when it is a terminal: the shell can tell (Java 17 only knows whether stdin and
# stdout both are), so the launcher says it in shmemtrace.stderr.terminal (io.shmemtrace.io.Progress).
run_java_tool() {
  jar="$here/../lib/$1"
  shift
  if [ -t 2 ]; then terminal=true; else terminal=false; fi
  gc=-XX:+UseSerialGC
  case "${JAVA_TOOL_OPTIONS-}" in
    *GC*) gc= ;;
  esac
  # The findings keep every PE's recent path and delays while the replays allocate short-lived costs: in the default
  # young generation (a third of a small initial heap) the young collections copy what is kept again and again, 50
  # pauses and 2.7 s of a 13.9 s run at 16,384 x 1,000; with 512 MB, 11.1 s (docs/performance.md). Not on a small
  # machine, where 512 MB could be most of the heap.
  young_gen=
  memory_kb=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo 2> /dev/null || echo 0)
  if [ -n "${young-}" ] && [ -n "$gc" ] && [ "${memory_kb:-0}" -ge 8000000 ]; then young_gen="-Xmn${young}m"; fi
  # $gc and $young_gen unquoted: no argument at all when JAVA_TOOL_OPTIONS chose the collector
  exec "${JAVA:-java}" $gc $young_gen -Dshmemtrace.stderr.terminal=$terminal -jar "$jar" "$@"
}
