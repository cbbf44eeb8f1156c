#!/bin/sh
# Builds shmemtrace and installs it to $PREFIX (default /opt/shmemtrace), with a module file:
#   PREFIX=/opt/shmemtrace ./install.sh
#   module use /opt/shmemtrace/share/modulefiles && module load shmemtrace
set -e
cd "$(dirname "$0")"
. scripts/setup.sh
# The build's output only if it fails (Maven 3.8's quiet mode still prints colour resets: ESC[0m)
mkdir -p target
mvn -B -q -DskipTests package > target/build.log 2>&1 || { cat target/build.log; exit 1; }
scripts/install-dist.sh "${PREFIX:-/opt/shmemtrace}"
