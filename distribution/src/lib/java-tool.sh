# Sourced by the launchers in bin/: runs a tool jar of lib/ with the JVM options Chronicle Bytes needs.
#   run_java_tool JAR ARGS...
run_java_tool() {
  jar="$here/../lib/$1"
  shift
  java="${JAVA:-java}"
  # Chronicle Bytes reaches into JDK internals; lib/jvm.options has the opens it needs on Java 17 and later.
  opts=$(cat "$here/../lib/jvm.options")
  # Java 23+ warns about Chronicle's sun.misc.Unsafe use unless told it is allowed; older JVMs reject the flag.
  if "$java" --sun-misc-unsafe-memory-access=allow -version >/dev/null 2>&1; then
    opts="$opts --sun-misc-unsafe-memory-access=allow"
  fi
  exec "$java" $opts -jar "$jar" "$@"
}
