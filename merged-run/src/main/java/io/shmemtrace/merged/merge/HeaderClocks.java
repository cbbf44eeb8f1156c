package io.shmemtrace.merged.merge;

import io.shmemtrace.format.read.TraceHeader;
import java.util.HashMap;
import java.util.Map;

/**
 * Traces on one time base by their header clocks (FORMAT.md, "Time"): each header carries its PE's init instant on
 * CLOCK_MONOTONIC and CLOCK_REALTIME. PEs of one host share CLOCK_MONOTONIC, so their offsets from one another are
 * exact; hosts are placed by CLOCK_REALTIME (each host by its earliest PE's), on which hosts may disagree by
 * microseconds or more (the merge's barrier step corrects that: {@link Alignment}). Time 0 is the earliest init.
 *
 * @param oneHost    whether every trace names the same host
 * @param offsetsNs  per trace (in the order given): ns from time 0 to its init; -1 where there is none
 * @param baseRealNs CLOCK_REALTIME (ns since the epoch) of time 0
 */
public record HeaderClocks(boolean oneHost, long[] offsetsNs, long baseRealNs) {
    /** headers: one per trace, null where a trace is absent. */
    public static HeaderClocks of(TraceHeader[] headers) {
        // per host, its earliest init: monotonic and real-time
        Map<String, TraceHeader> earliestOf = new HashMap<>();
        for (TraceHeader h : headers) {
            if (h != null) earliestOf.merge(h.host(), h, (a, b) -> b.initMonoNs() < a.initMonoNs() ? b : a);
        }
        boolean same = earliestOf.size() <= 1 && !earliestOf.containsKey("");
        long[] hostStart = new long[headers.length]; // each trace's init on the real-time base
        long minStart = Long.MAX_VALUE;
        for (int i = 0; i < headers.length; i++) {
            TraceHeader h = headers[i];
            if (h == null) continue;
            TraceHeader first = h.host().isEmpty() ? h : earliestOf.get(h.host()); // an unnamed host: its own clock
            hostStart[i] = first.initRealNs() + (h.initMonoNs() - first.initMonoNs());
            minStart = Math.min(minStart, hostStart[i]);
        }
        long[] offsets = new long[headers.length];
        for (int i = 0; i < headers.length; i++) offsets[i] = headers[i] == null ? -1 : hostStart[i] - minStart;
        return new HeaderClocks(same, offsets, minStart == Long.MAX_VALUE ? 0 : minStart);
    }
}
