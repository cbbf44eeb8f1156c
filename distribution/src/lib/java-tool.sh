# Sourced by the launchers in bin/: runs a tool jar of lib/ with the JVM options Chronicle Bytes needs.
#   run_java_tool JAR ARGS...
# The feature version (17, 25, ...) of a java command, from its JDK's release file; 0 if unknown.
java_feature() {
  bin=$(command -v "$1" 2>/dev/null) || { echo 0; return; }
  home=$(dirname "$(dirname "$(readlink -f "$bin")")")
  sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release" 2>/dev/null | grep . || echo 0
}

run_java_tool() {
  jar="$here/../lib/$1"
  shift
  java="${JAVA:-java}"
  # Chronicle Bytes reaches into JDK internals; lib/jvm.options has the opens it needs on Java 17 and later.
  opts=$(cat "$here/../lib/jvm.options")
  # Java 23+ warns about Chronicle's sun.misc.Unsafe use unless told it is allowed; older JVMs reject the flag.
  # The JDK's release file says which Java it is, without starting a JVM to ask.
  if [ "$(java_feature "$java")" -ge 23 ] 2>/dev/null; then
    opts="$opts --sun-misc-unsafe-memory-access=allow"
  fi
  exec "$java" $opts -jar "$jar" "$@"
}
