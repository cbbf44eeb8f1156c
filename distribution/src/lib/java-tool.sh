# Sourced by the launchers in bin/: runs a tool jar of lib/.
#   run_java_tool JAR ARGS...
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
  # $gc unquoted: no argument at all when JAVA_TOOL_OPTIONS chose the collector
  exec "${JAVA:-java}" $gc -Dshmemtrace.stderr.terminal=$terminal -jar "$jar" "$@"
}
