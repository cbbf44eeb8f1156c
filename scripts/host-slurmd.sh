#!/bin/sh
# A Slurm node daemon on one of scripts/hosts.sh's hosts: "host-slurmd.sh HOST" runs slurmd -N HOST in HOST's
# namespaces (network, host name, monotonic clock), in a mount namespace of its own (ip netns exec makes one) where
#  - this machine's cgroup hierarchies are mounted again on the fresh /sys that ip netns exec mounts (slurmd will not
#    start without them: "No filesystem mounted on /sys/fs/cgroup"), and
#  - the cluster's TmpFS is the host's own, as a node's /tmp is: two slurmstepds of one job step sharing one both
#    make spmix_appdir_<uid>_<job>.<step> there for PMIx, and the second fails the step.
# The job's tasks inherit both. SLURM_CONF names the cluster's configuration. Run by hosts.sh slurm.
set -e
if [ "${1-}" != --inside ]; then
    state=/run/shmemtrace-hosts/${SHMEMTRACE_HOSTS_PREFIX:-st-h}
    exec ip netns exec "$1" nsenter --uts="$state/$1.uts" --time="$state/$1.time" -- "$0" --inside "$1"
fi
host=$2
if awk '$2 == "/sys/fs/cgroup" && $3 == "cgroup2" { found = 1 } END { exit !found }' /proc/1/mounts; then
    mount -t cgroup2 none /sys/fs/cgroup # a machine of cgroup v2 alone
else # v1 hierarchies (and v2's unified one) under a tmpfs, as this machine has them
    mount -t tmpfs -o mode=755 cgroup /sys/fs/cgroup
    awk '$3 == "cgroup" || $3 == "cgroup2" { print $2, $3, $4 }' /proc/1/mounts | while read -r dir type opts; do
        case $dir in /sys/fs/cgroup/*) ;; *) continue ;; esac
        mkdir -p "$dir"
        if [ "$type" = cgroup2 ]; then
            mount -t cgroup2 none "$dir"
        else # its controllers (or name=), without the generic mount options
            controllers=$(echo "$opts" | tr , '\n' | grep -v '^\(rw\|ro\|relatime\|nosuid\|nodev\|noexec\)$' | paste -sd,)
            mount -t cgroup -o "$controllers" cgroup "$dir"
        fi
    done
fi
node_tmp=$(sed -n 's/^TmpFS=//p' "$SLURM_CONF")
mount -t tmpfs -o mode=1777 node-tmp "$node_tmp"
exec slurmd -N "$host"
