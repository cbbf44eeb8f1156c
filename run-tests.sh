#!/bin/sh
# One command: install what is missing, build, and run the whole test suite (unit, format, integration
# under oshrun, crash, coverage, inertness).
set -e
cd "$(dirname "$0")"
SHMEMTRACE_SETUP=tests
. scripts/setup.sh
mvn -B verify "$@"
