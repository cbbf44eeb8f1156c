#!/bin/sh
# Copies the built tree dist/ (mvn package) to PREFIX, with a module file for Environment Modules and Lmod:
#   scripts/install-dist.sh PREFIX
# PREFIX/bin (launchers), PREFIX/lib (the tracer, the tools' jars), PREFIX/share/modulefiles/shmemtrace/VERSION.
# install.sh builds first and calls this; the launchers find their files from wherever they are linked.
set -e
prefix=${1:?usage: scripts/install-dist.sh PREFIX}
case "$prefix" in
  *[[:space:]:]*)
    echo "install: $prefix: a prefix with spaces or colons cannot be used (LD_PRELOAD cannot name the tracer there)" >&2
    exit 1 ;;
esac
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
dist="$root/dist"
if [ ! -f "$dist/lib/VERSION" ] || [ ! -f "$dist/lib/libshmemtrace.so" ]; then
  echo "install: $dist is not built (mvn -B -DskipTests package, or ./install.sh)" >&2
  exit 1
fi
version=$(cat "$dist/lib/VERSION")
mkdir -p "$prefix/bin" "$prefix/lib" "$prefix/include" "$prefix/share/modulefiles/shmemtrace"
prefix=$(CDPATH= cd -- "$prefix" && pwd)
cp -p "$dist"/bin/* "$prefix/bin/"
cp -p "$dist"/lib/* "$prefix/lib/"
cp -p "$dist"/include/* "$prefix/include/"
chmod 755 "$prefix"/bin/*
sed -e "s|@PREFIX@|$prefix|g" -e "s|@VERSION@|$version|g" "$root/distribution/src/modulefile.tcl" \
  > "$prefix/share/modulefiles/shmemtrace/$version"
echo "install: shmemtrace $version in $prefix"
echo "  module use $prefix/share/modulefiles && module load shmemtrace   (or: export PATH=$prefix/bin:\$PATH)"
