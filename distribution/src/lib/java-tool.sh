# Sourced by the launchers in bin/: runs a tool jar of lib/.
#   run_java_tool JAR ARGS...
# The tools are batch programs with one busy thread: the serial collector costs them least. With G1 (the JVM's
# default on 2 cores and more) a replay of 16,384 tasks x 1,000 events took 5.2-5.4 s and 0.76 GB, with the serial
# collector 3.8-4.0 s and 0.24 GB (docs/performance.md). A collector chosen in JAVA_TOOL_OPTIONS is left to rule.
run_java_tool() {
  jar="$here/../lib/$1"
  shift
  case "${JAVA_TOOL_OPTIONS-}" in
    *GC*) exec "${JAVA:-java}" -jar "$jar" "$@" ;;
    *) exec "${JAVA:-java}" -XX:+UseSerialGC -jar "$jar" "$@" ;;
  esac
}
