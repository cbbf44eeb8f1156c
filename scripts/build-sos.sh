#!/bin/sh
# Builds Sandia OpenSHMEM 1.5.3 and its unit tests from the vendored sources (../shared/vendor, or
# $SHMEMTRACE_VENDOR) into PREFIX (default target/sos): PREFIX/bin/oshcc and oshrun, PREFIX/lib/libsma.so,
# PREFIX/include/shmem.h, and the unit test programs in PREFIX/unit. Nothing is downloaded; about a minute
# on two cores. Safe to run again: an existing build of the same sources is kept.
# Exit status 3, with one line on stdout, when the vendored sources are absent (the tests skip on it).
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
prefix=${1:-$here/target/sos}
vendor=${SHMEMTRACE_VENDOR:-$here/../shared/vendor}
sos_tar=$vendor/sos-v1.5.3.tar.gz
tests_tar=$vendor/tests-sos-3c84917.tar.gz
if [ ! -f "$sos_tar" ] || [ ! -f "$tests_tar" ]; then
  echo "build-sos: no Sandia OpenSHMEM sources ($sos_tar, $tests_tar): not built"
  exit 3
fi
stamp="$prefix/.built-from"
sources="$(cksum < "$sos_tar") $(cksum < "$tests_tar")"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$sources" ] && [ -x "$prefix/bin/oshcc" ]; then
  exit 0
fi

SHMEMTRACE_SETUP=sos . "$here/scripts/setup.sh"

work="$prefix.build"
rm -rf "$work" "$prefix"
mkdir -p "$work/sos/modules/tests-sos"
tar xzf "$sos_tar" -C "$work/sos"
tar xzf "$tests_tar" -C "$work/sos/modules/tests-sos"
cd "$work/sos"
echo "build-sos: building Sandia OpenSHMEM into $prefix (log: $work/build.log)"
{
  ./autogen.sh
  ./configure --prefix="$prefix" --with-ofi=/usr --with-pmix=/usr/lib/x86_64-linux-gnu/pmix2 --disable-fortran
  make -j2
  make install
  # The unit tests, built but not run (TESTS= empty): the tests run them, traced and untraced.
  make -j2 -C modules/tests-sos/test/unit check TESTS=
} > "$work/build.log" 2>&1 || { tail -20 "$work/build.log"; echo "build-sos: failed (log: $work/build.log)"; exit 1; }
mkdir -p "$prefix/unit"
for f in modules/tests-sos/test/unit/*.c; do
  name=$(basename "$f" .c)
  program=modules/tests-sos/test/unit/.libs/$name
  [ -x "$program" ] || program=modules/tests-sos/test/unit/$name
  [ -x "$program" ] && cp "$program" "$prefix/unit/"
done
cp modules/tests-sos/test/unit/*.c "$prefix/unit/"
echo "$sources" > "$stamp"
rm -rf "$work"
echo "build-sos: $prefix ($(ls "$prefix/unit" | grep -vc '\.c$') unit test programs)"
