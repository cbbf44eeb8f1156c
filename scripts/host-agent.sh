#!/bin/sh
# Open MPI's rsh agent for the hosts of scripts/hosts.sh: "host-agent.sh HOST COMMAND..." runs COMMAND (an orted) in
# HOST's namespaces: its network (ip netns exec, which also mounts the namespace's own /sys, where UCX finds its
# link), its host name and its monotonic clock, under its faked clocks if it has them. The environment and the file
# system are this machine's.
host=$1
shift
state=/run/shmemtrace-hosts/${SHMEMTRACE_HOSTS_PREFIX:-st-h}
# a host's faked clocks (hosts.sh up --faketime): FAKETIME and LD_PRELOAD for its orted and, through it, its PEs
[ ! -f "$state/$host.env" ] || { set -a; . "$state/$host.env"; set +a; }
# a node-local directory (hosts.sh up --private DIR): a tmpfs on DIR in this host's mount namespace (ip netns exec
# gives each command one of its own), seen by its orted and its PEs only
command="$*"
if [ -f "$state/private" ]; then
    private=$(cat "$state/private")
    command="mkdir -p '$private' && mount -t tmpfs shmemtrace-host '$private' && exec $command"
fi
exec ip netns exec "$host" nsenter --uts="$state/$host.uts" --time="$state/$host.time" -- /bin/sh -c "$command"
