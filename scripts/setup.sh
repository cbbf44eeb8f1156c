#!/bin/sh
# Installs what shmemtrace needs and is missing on a Debian machine: Open MPI's OpenSHMEM (oshcc, oshrun,
# liboshmem), Maven, a JDK, g++ and gfortran (shmembench's C++ and Fortran benchmarks), the OTF2 library and
# tools (shmem2otf2), Chromium (the HTML report's test), and time(1) for the benchmarks; with
# SHMEMTRACE_SETUP=tests (run-tests.sh) also Slurm, munge and Environment Modules; =sos what SOS's build needs. Sourced by demo.sh,
# run-tests.sh and the scripts; safe to run again.
missing=""
command -v oshcc >/dev/null 2>&1 || missing="$missing openmpi-bin libopenmpi-dev"
command -v mvn >/dev/null 2>&1 || missing="$missing maven"
command -v javac >/dev/null 2>&1 || missing="$missing openjdk-17-jdk-headless"
command -v make >/dev/null 2>&1 || missing="$missing make gcc"
command -v g++ >/dev/null 2>&1 || missing="$missing g++"
command -v gfortran >/dev/null 2>&1 || missing="$missing gfortran"
[ -f /usr/include/otf2/otf2.h ] || missing="$missing libopen-trace-format2-dev"
command -v otf2-print >/dev/null 2>&1 || missing="$missing otf2-tools"
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v nm >/dev/null 2>&1 || missing="$missing binutils"
[ -x /usr/bin/time ] || missing="$missing time"
# What only the tests use: a one-node Slurm cluster (SlurmTest), Environment Modules (the module file's test;
# Debian's Lmod conflicts with it, and the test uses Lmod where a machine has it instead), pandas (the CSV documentation's example is run), python3-otf2 (OTF2 archives read back),
# ltrace (the SOS tests count each program's calls a second way), strace (a full disk's system calls counted),
# faketime (hosts whose clocks disagree). scripts/build-sos.sh installs what SOS needs.
if [ "${SHMEMTRACE_SETUP:-}" = tests ]; then
  [ -x /usr/sbin/slurmctld ] || missing="$missing slurm-wlm"
  [ -x /usr/sbin/munged ] || missing="$missing munge"
  [ -f /usr/share/modules/init/sh ] || missing="$missing environment-modules"
  /usr/bin/python3 -c "import pandas" 2>/dev/null || missing="$missing python3-pandas"
  /usr/bin/python3 -c "import otf2" 2>/dev/null || missing="$missing python3-otf2"
  command -v ltrace >/dev/null 2>&1 || missing="$missing ltrace"
  command -v strace >/dev/null 2>&1 || missing="$missing strace"
  command -v ip >/dev/null 2>&1 || missing="$missing iproute2" # the hosts of the multi-host tests (scripts/hosts.sh)
  command -v nsenter >/dev/null 2>&1 || missing="$missing util-linux"
  ls /usr/lib/*/faketime/libfaketime.so.1 >/dev/null 2>&1 || missing="$missing faketime" # a host's clock ahead and fast
fi
# What scripts/build-sos.sh needs to build Sandia OpenSHMEM: libfabric (its transport), PMIx (its launcher
# interface, served by Open MPI's mpirun), the autotools of its autogen.sh.
if [ "${SHMEMTRACE_SETUP:-}" = sos ]; then
  [ -f /usr/include/rdma/fabric.h ] || missing="$missing libfabric-dev"
  command -v fi_info >/dev/null 2>&1 || missing="$missing libfabric-bin"
  [ -f /usr/lib/x86_64-linux-gnu/pmix2/include/pmix.h ] || missing="$missing libpmix-dev"
  command -v autoconf >/dev/null 2>&1 || missing="$missing autoconf"
  command -v automake >/dev/null 2>&1 || missing="$missing automake"
  command -v libtoolize >/dev/null 2>&1 || missing="$missing libtool"
fi
if [ -n "$missing" ]; then
  echo "setup: installing$missing"
  sudo_=""
  [ "$(id -u)" -ne 0 ] && sudo_="sudo"
  $sudo_ apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -q $missing
fi
# Open MPI 4.1's uct BTL crashes every job in shmem_finalize on these machines (docs/tracing.md, "Open MPI notes").
export OMPI_MCA_btl="${OMPI_MCA_btl:-^uct}"
# oshrun refuses to run as root unless told it is meant.
if [ "$(id -u)" -eq 0 ]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
