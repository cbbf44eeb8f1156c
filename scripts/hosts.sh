#!/bin/sh
# Hosts on one machine (issue 45): N network namespaces, each with its own host name (a UTS namespace), its own
# CLOCK_MONOTONIC (a time namespace, offset from this machine's) and a veth link to one bridge (optionally limited
# by tc tbf), and an oshrun that starts one job's PEs across them through Open MPI's rsh launcher
# (scripts/host-agent.sh enters a host's namespaces). As root.
#   scripts/hosts.sh up N [--rate RATE] [--monotonic "S0 S1 ..."] [--faketime "SPEC0,SPEC1,..."] [--private DIR]
#        makes hosts PREFIX0 .. PREFIX(N-1)
#        --rate RATE: each host's link limited to RATE (tc's units: 100mbit, 1gbit); default: unlimited
#        --monotonic: each host's CLOCK_MONOTONIC offset in seconds (default 1000 x (i + 1): no two alike)
#        --faketime: each host's clocks as libfaketime's FAKETIME makes them ("+0.005 x1.0001": 5 ms ahead, 100
#          ppm fast; empty: the machine's); its processes run under it (CLOCK_MONOTONIC too: it then follows the
#          faked CLOCK_REALTIME, and the TSC-based tracer's calibration against it drifts as a host's would)
#        --private DIR: each host sees a DIR of its own (a tmpfs there, in its processes' mount namespace): a
#          node-local directory, as /tmp is on a cluster
#   scripts/hosts.sh down          removes every host it made, its links, mounts and processes (safe to run again)
#   scripts/hosts.sh list          the hosts that are up, one per line
#   scripts/hosts.sh oshrun ARGS   oshrun across the hosts: PEs placed round-robin (PE i on host i mod N), UCX over
#                                  TCP on the hosts' links; the environment reaches the PEs as on one host
# SHMEMTRACE_HOSTS_PREFIX (default st-h) names the hosts; their links are on 10.77.0.0/24 (the bridge .254).
set -e
prefix=${SHMEMTRACE_HOSTS_PREFIX:-st-h}
bridge=${prefix}-br
state=/run/shmemtrace-hosts/$prefix
here=$(cd "$(dirname "$0")" && pwd)

hosts() {
    ip netns list 2>/dev/null | awk '{ print $1 }' | grep "^$prefix[0-9][0-9]*\$" | sort -V || true
}

down() {
    for h in $(hosts); do
        pids=$(ip netns pids "$h" 2>/dev/null || true)
        [ -z "$pids" ] || kill -9 $pids 2>/dev/null || true
        ip netns del "$h" 2>/dev/null || true
    done
    rm -f "$state"/*.env "$state/private"
    for f in "$state"/*.uts "$state"/*.time; do
        [ -e "$f" ] || continue
        umount "$f" 2>/dev/null || true
        rm -f "$f"
    done
    rmdir "$state" 2>/dev/null || true
    ip link del "$bridge" 2>/dev/null || true
    # the host side of a link goes with its namespace; one left by a failed up goes here
    for l in $(ip -o link show 2>/dev/null | awk -F': ' '{ print $2 }' | sed 's/@.*//' | grep "^${prefix}v[0-9]" || true); do
        ip link del "$l" 2>/dev/null || true
    done
}

up() {
    n=$1
    shift
    rate=""
    offsets=""
    faketimes=""
    private=""
    while [ $# -gt 0 ]; do
        case $1 in
            --rate) rate=$2; shift 2 ;;
            --monotonic) offsets=$2; shift 2 ;;
            --faketime) faketimes=$2; shift 2 ;;
            --private) private=$2; shift 2 ;;
            *) echo "hosts.sh: unknown option $1" >&2; exit 2 ;;
        esac
    done
    case $n in ''|*[!0-9]*) echo "hosts.sh: up needs a host count" >&2; exit 2 ;; esac
    [ "$n" -ge 1 ] && [ "$n" -le 200 ] || { echo "hosts.sh: 1 to 200 hosts" >&2; exit 2; }
    down
    mkdir -p "$state"
    [ -z "$private" ] || echo "$private" > "$state/private"
    ip link add "$bridge" type bridge
    ip addr add 10.77.0.254/24 dev "$bridge"
    ip link set "$bridge" up
    i=0
    while [ "$i" -lt "$n" ]; do
        h=$prefix$i
        ip netns add "$h"
        ip link add "${prefix}v$i" type veth peer name "${prefix}p$i"
        ip link set "${prefix}p$i" netns "$h"
        ip link set "${prefix}v$i" master "$bridge"
        ip link set "${prefix}v$i" up
        # every host's link has one name, so that UCX_NET_DEVICES names it on all
        ip netns exec "$h" ip link set "${prefix}p$i" name hostlink
        ip netns exec "$h" ip addr add "10.77.0.$((i + 1))/24" dev hostlink
        ip netns exec "$h" ip link set hostlink up
        ip netns exec "$h" ip link set lo up
        if [ -n "$rate" ]; then
            ip netns exec "$h" tc qdisc add dev hostlink root tbf rate "$rate" burst 32kbit latency 50ms
        fi
        offset=$(echo "$offsets" | awk -v i="$((i + 1))" '{ print $i }')
        [ -n "$offset" ] || offset=$((1000 * (i + 1)))
        touch "$state/$h.uts" "$state/$h.time"
        unshare --uts="$state/$h.uts" --time="$state/$h.time" --monotonic "$offset" --boottime "$offset" hostname "$h"
        fake=$(echo "$faketimes" | awk -F, -v i="$((i + 1))" '{ print $i }')
        if [ -n "$fake" ]; then
            lib=$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -1)
            [ -n "$lib" ] || { echo "hosts.sh: --faketime needs libfaketime (apt-get install faketime)" >&2; exit 1; }
            printf 'FAKETIME=%s\nLD_PRELOAD=%s\n' "$fake" "$lib" > "$state/$h.env"
        fi
        i=$((i + 1))
    done
}

case ${1:-} in
    up) shift; up "$@" ;;
    down) down ;;
    list) hosts ;;
    oshrun)
        shift
        list=$(hosts | paste -sd, -)
        [ -n "$list" ] || { echo "hosts.sh: no hosts are up (scripts/hosts.sh up N)" >&2; exit 1; }
        root=""
        [ "$(id -u)" != 0 ] || root=--allow-run-as-root
        # mpi_yield_when_idle: a PE that polls yields its core. Two PEs spinning in user space on this machine's two
        # cores left every packet crossing the veth pairs and the bridge for the next kernel tick: a 4 ms network
        # (docs/cluster.md); yielding, a half round trip takes 7.7 us and a barrier 9.8 us
        exec oshrun $root --oversubscribe --map-by node --host "$list" --mca mpi_yield_when_idle 1 \
            --mca plm_rsh_agent "$here/host-agent.sh" --mca oob_tcp_if_include 10.77.0.0/24 \
            -x UCX_TLS=tcp,self -x UCX_NET_DEVICES=hostlink -x SHMEMTRACE_HOSTS_PREFIX="$prefix" "$@" ;;
    *) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
