#!/bin/sh
# Hosts on one machine (issue 45): N network namespaces, each with its own host name (a UTS namespace), its own
# CLOCK_MONOTONIC (a time namespace, offset from this machine's) and a veth link to one bridge (optionally limited
# by tc tbf), and an oshrun that starts one job's PEs across them through Open MPI's rsh launcher
# (scripts/host-agent.sh enters a host's namespaces). As root.
#   scripts/hosts.sh up N [--rate RATE] [--monotonic "S0 S1 ..."] [--faketime "SPEC0,SPEC1,..."] [--private DIR]
#        makes hosts PREFIX0 .. PREFIX(N-1)
#        --rate RATE: each host's link limited to RATE (tc's units: 100mbit, 1gbit); default: unlimited. Its
#          token bucket holds one frame or 25 us of the rate, the larger: a message after an idle spell gains no
#          more than that on a wire of that rate (with 4 KB, a 4 KiB put went at memory speed at 100 Mbit/s)
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
#   scripts/hosts.sh slurm         a Slurm cluster of the hosts: munged and slurmctld on this machine (the bridge's
#                                  side), a slurmd on each host (scripts/host-slurmd.sh); needs
#                                  slurm-wlm and munge; down stops it. Not with --faketime (the daemons' clocks)
#   scripts/hosts.sh srun ARGS     srun --mpi=pmix on every host of that cluster (-N N; the tasks placed in blocks
#                                  unless ARGS say otherwise), UCX over TCP on the hosts' links as oshrun's
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
    slurm_down
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

# bucket RATE: tbf's burst in bytes for a link of RATE (tc's units): one frame (1600 B: tbf passes a bigger
# packet only cut into frames) or 25 us of the rate, the larger. A smaller bucket at 1 Gbit/s cost more than the
# wire (tbf's timer per frame: 5.5 s for a ping-pong that takes 3.7 s with 3,200 B); a bigger one let short messages
# past the rate
bucket() {
    echo "$1" | awk '{ n = $0 + 0; u = tolower(substr($0, length(n "") + 1))
        m = u ~ /^gbit/ ? 1e9 : u ~ /^mbit/ ? 1e6 : u ~ /^kbit/ ? 1e3 : u ~ /^bit/ || u == "" ? 1 : 0
        if (!m) { print "hosts.sh: rate " $0 ": use bit, kbit, mbit or gbit" > "/dev/stderr"; exit 1 }
        b = n * m / 8 * 25e-6; printf "%d\n", (b > 1600 ? b : 1600) }'
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
            --rate) rate=$2; bucket "$rate" > /dev/null || exit 2; shift 2 ;;
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
            ip netns exec "$h" tc qdisc add dev hostlink root tbf rate "$rate" burst "$(bucket "$rate")" latency 50ms
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

# The Slurm cluster's daemons (this machine's; the slurmds go with their hosts' namespaces) and files.
slurm_down() {
    pids=""
    for f in "$state"/slurm/slurmctld.pid "$state"/slurm/munged.pid; do
        [ -f "$f" ] && pids="$pids $(cat "$f")"
    done
    for pid in $pids; do kill "$pid" 2>/dev/null || true; done
    tries=0 # gone before their files are: slurmctld saves its state as it stops
    for pid in $pids; do
        while kill -0 "$pid" 2>/dev/null && [ "$tries" -lt 100 ]; do sleep 0.1; tries=$((tries + 1)); done
        kill -9 "$pid" 2>/dev/null || true
    done
    rm -rf "$state/slurm"
}

slurm_up() {
    list=$(hosts)
    [ -n "$list" ] || { echo "hosts.sh: no hosts are up (scripts/hosts.sh up N)" >&2; exit 1; }
    for d in /usr/sbin/slurmctld /usr/sbin/slurmd /usr/sbin/munged /usr/bin/srun; do
        [ -x "$d" ] || { echo "hosts.sh: slurm needs slurm-wlm and munge (scripts/setup.sh installs them)" >&2; exit 1; }
    done
    slurm_down
    dir=$state/slurm # not under /tmp: each host's /tmp is its own
    mkdir -p "$dir/state" "$dir/log"
    mkdir -p "$dir/node-tmp"
    chmod 700 "$dir"
    for h in $list; do mkdir -p "$dir/spool/$h"; done
    head -c 1024 /dev/urandom > "$dir/munge.key"
    chmod 600 "$dir/munge.key"
    munged --force --socket="$dir/munge.sock" --key-file="$dir/munge.key" --log-file="$dir/log/munged.log" \
        --pid-file="$dir/munged.pid" --seed-file="$dir/munge.seed"
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("", 0)); print(s.getsockname()[1])')
    cpus=$(nproc)
    {
        echo "ClusterName=${prefix}$(date +%s | tail -c 5)" | tr -d -- -
        echo "SlurmctldHost=$(hostname -s)(10.77.0.254)"
        echo "SlurmctldPort=$port"
        echo "SlurmdPort=$((port + 1))" # in each host's network namespace: free there
        echo "SlurmUser=root"
        echo "AuthType=auth/munge"
        echo "AuthInfo=socket=$dir/munge.sock"
        echo "StateSaveLocation=$dir/state"
        echo "SlurmdSpoolDir=$dir/spool/%n"
        echo "TmpFS=$dir/node-tmp" # each host's own (host-slurmd.sh): PMIx makes its directories there
        echo "SlurmctldPidFile=$dir/slurmctld.pid"
        echo "SlurmdPidFile=$dir/slurmd-%n.pid"
        echo "SlurmctldLogFile=$dir/log/slurmctld.log"
        echo "SlurmdLogFile=$dir/log/slurmd-%n.log"
        echo "ProctrackType=proctrack/linuxproc"
        echo "TaskPlugin=task/none"
        echo "JobAcctGatherType=jobacct_gather/none"
        echo "SelectType=select/cons_tres"
        echo "SelectTypeParameters=CR_Core"
        echo "MpiDefault=none"
        echo "ReturnToService=2"
        i=0
        for h in $list; do
            echo "NodeName=$h NodeAddr=10.77.0.$((i + 1)) CPUs=$cpus State=UNKNOWN"
            i=$((i + 1))
        done
        echo "PartitionName=hosts Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:4"
    } > "$dir/slurm.conf"
    export SLURM_CONF="$dir/slurm.conf"
    slurmctld
    for h in $list; do "$here/host-slurmd.sh" "$h"; done
    # ready once every node is idle (about a second; 60 s is a dead cluster)
    n=$(echo "$list" | wc -l)
    tries=0
    until [ "$(sinfo -h -t idle -o %D 2>/dev/null)" = "$n" ]; do
        tries=$((tries + 1))
        [ "$tries" -lt 600 ] || { echo "hosts.sh: the Slurm cluster did not come up; logs in $dir/log" >&2; exit 1; }
        sleep 0.1
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
        # --bind-to none: each host's orted binds its first PE to core 0, as on a node of its own: every host's PE
        # on one core of this machine, taking turns at the kernel's tick (a 4 ms "network") and computing one after
        # the other (docs/cluster.md). mpi_yield_when_idle: a PE that polls yields its core; needed before the
        # binding was found, kept because the family of machines was measured with it (about 1 us a barrier)
        exec oshrun $root --oversubscribe --map-by node --bind-to none --host "$list" --mca mpi_yield_when_idle 1 \
            --mca plm_rsh_agent "$here/host-agent.sh" --mca oob_tcp_if_include 10.77.0.0/24 \
            -x UCX_TLS=tcp,self -x UCX_NET_DEVICES=hostlink -x SHMEMTRACE_HOSTS_PREFIX="$prefix" "$@" ;;
    slurm) slurm_up ;;
    srun)
        shift
        [ -f "$state/slurm/slurm.conf" ] || { echo "hosts.sh: no Slurm cluster on the hosts (scripts/hosts.sh slurm)" >&2; exit 1; }
        # mpi_yield_when_idle as oshrun's; tasks inherit this environment (Slurm here binds no task)
        SLURM_CONF="$state/slurm/slurm.conf" OMPI_MCA_mpi_yield_when_idle=1 UCX_TLS=tcp,self UCX_NET_DEVICES=hostlink \
            exec srun --mpi=pmix -N "$(hosts | wc -l)" "$@" ;;
    *) sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
