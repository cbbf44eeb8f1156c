#!/bin/sh
# Builds shmemtrace and installs it to $PREFIX (default /opt/shmemtrace), with a module file:
#   PREFIX=/opt/shmemtrace ./install.sh
#   module use /opt/shmemtrace/share/modulefiles && module load shmemtrace
set -e
cd "$(dirname "$0")"
. scripts/setup.sh
scripts/build.sh
scripts/install-dist.sh "${PREFIX:-/opt/shmemtrace}"
