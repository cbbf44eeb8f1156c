"""Facts of an OTF2 archive, read with the OTF2 project's own Python reader (Debian's python3-otf2): an
independent check of what shmem2otf2 writes. Prints sorted lines, then the first event's time from the clock's
offset; Otf2ReadBackTest asserts on them.

    python3 otf2_facts.py ARCHIVE/traces.otf2
"""
import collections
import sys

import otf2

with otf2.reader.open(sys.argv[1]) as trace:
    defs = trace.definitions
    facts = collections.Counter()
    for node in defs.system_tree_nodes:
        parent = node.parent.name if node.parent is not None else "-"
        facts["node %s class=%s parent=%s" % (node.name, node.class_name, parent)] += 1
    for group in defs.location_groups:
        facts["group %s on %s" % (group.name, group.system_tree_parent.name)] += 1
    first = None
    for location, event in trace.events:
        first = event.time if first is None else min(first, event.time)
        pe = location.group.name
        kind = type(event).__name__
        if isinstance(event, otf2.events.RmaAtomic):
            facts["%s %s %s sent=%d received=%d" % (pe, kind, str(event.type).split(".")[-1], event.bytes_sent,
                                                     event.bytes_received)] += 1
        elif isinstance(event, otf2.events.RmaCollectiveEnd):
            facts["%s %s %s sync=%s" % (pe, kind, str(event.collective_op).split(".")[-1], int(event.sync_level.value))] += 1
        elif isinstance(event, (otf2.events.RmaAcquireLock, otf2.events.RmaReleaseLock, otf2.events.RmaTryLock)):
            facts["%s %s remote=%s" % (pe, kind, event.remote)] += 1
        elif isinstance(event, (otf2.events.RmaWinCreate, otf2.events.RmaWinDestroy)):
            facts["%s %s %s" % (pe, kind, event.win.name)] += 1
        elif isinstance(event, (otf2.events.ProgramBegin, otf2.events.ProgramEnd, otf2.events.RmaWaitChange)):
            facts["%s %s" % (pe, kind)] += 1
    for fact, count in sorted(facts.items()):
        print("%d %s" % (count, fact))
    # the first event's time as a reader shows it: from the clock's offset
    print("time first=%d" % (first - defs.clock_properties.global_offset))
