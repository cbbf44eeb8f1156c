# Sourced by the launchers in bin/: runs a tool jar of lib/.
#   run_java_tool JAR ARGS...
run_java_tool() {
  jar="$here/../lib/$1"
  shift
  exec "${JAVA:-java}" -jar "$jar" "$@"
}
