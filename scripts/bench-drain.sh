#!/bin/sh
# Non-fetching atomics on globals, posted and then completed by a quiet, one way, both ways at once, and both ways
# with every other atomic to the PE itself (as gups), on the
# default transports and on TCP loopback (UCX_TLS=tcp,self): what gups pays (docs/shmemsim.md, "How good are the
# predictions"). Not a test: the figures depend on the machine; TCP's vary from run to run.
#   scripts/bench-drain.sh [RUNS]      (RUNS=1: each configuration that many times)
set -e
cd "$(dirname "$0")/.."
. scripts/setup.sh
runs=${1:-1}
exe=target/bench-drain/drain
mkdir -p "$(dirname "$exe")"
oshcc -O2 -o "$exe" shmembench/bench/drain.c
for tls in default tcp,self; do
  for mode in alone mutual mixed; do
    i=1
    while [ "$i" -le "$runs" ]; do
      echo "== transports: $tls, $mode"
      set --
      [ "$tls" = default ] || set -- "UCX_TLS=$tls"
      env "$@" oshrun ${1:+-x UCX_TLS} --oversubscribe -np 2 "$exe" "$mode" < /dev/null
      i=$((i + 1))
    done
  done
done
