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
exec ip netns exec "$host" nsenter --uts="$state/$host.uts" --time="$state/$host.time" -- /bin/sh -c "$*"
