"""Causality in an OTF2 archive, read with the OTF2 project's own Python reader (Debian's python3-otf2): every
instance of shmem_barrier_all left by no PE before the last PE entered it, and no lock acquired before its previous
holder released it (the acquisitions of one lock in time order, each after the release before it). Prints

    barriers N early E worst_ns W
    locks N early E worst_ns W

MultiHostTest asserts the barriers and prints the locks for runs whose hosts' clocks disagree.

    python3 otf2_causality.py ARCHIVE/traces.otf2
"""
import collections
import sys

import otf2

with otf2.reader.open(sys.argv[1]) as trace:
    entered = collections.defaultdict(list)  # location -> barrier entries, in order
    left = collections.defaultdict(list)
    holds = collections.defaultdict(list)    # lock -> [acquired, released] per hold
    open_hold = {}                           # (location, lock) -> its hold
    for location, event in trace.events:
        if isinstance(event, otf2.events.Enter) and event.region.name == "shmem_barrier_all":
            entered[location].append(event.time)
        elif isinstance(event, otf2.events.Leave) and event.region.name == "shmem_barrier_all":
            left[location].append(event.time)
        elif isinstance(event, otf2.events.RmaAcquireLock):
            hold = [event.time, None]
            holds[event.lock_id].append(hold)
            open_hold[(location, event.lock_id)] = hold
        elif isinstance(event, otf2.events.RmaReleaseLock):
            hold = open_hold.pop((location, event.lock_id), None)
            if hold is not None:
                hold[1] = event.time

    instances = min(len(times) for times in entered.values()) if entered else 0
    early = worst = 0
    for k in range(instances):
        last_in = max(times[k] for times in entered.values())
        first_out = min(times[k] for times in left.values())
        if first_out < last_in:
            early += 1
            worst = max(worst, last_in - first_out)
    print("barriers %d early %d worst_ns %d" % (instances, early, worst))

    count = early = worst = 0
    for lock, held in holds.items():
        held.sort(key=lambda h: h[0])
        for before, after in zip(held, held[1:]):
            count += 1
            if before[1] is not None and after[0] < before[1]:
                early += 1
                worst = max(worst, before[1] - after[0])
    print("locks %d early %d worst_ns %d" % (count, early, worst))
