package io.shmemtrace.merged.merge;

import io.shmemtrace.format.read.TraceHeader;

/**
 * Traces on one time base by their header clocks (FORMAT.md, "Time"): each header carries its PE's init instant on
 * CLOCK_MONOTONIC and CLOCK_REALTIME. PEs of one host share CLOCK_MONOTONIC, so their offsets are exact; PEs of
 * several hosts fall back on CLOCK_REALTIME, whose hosts may disagree by microseconds or more (the merge's
 * barrier step corrects that: {@link Alignment}). Time 0 is the earliest init.
 *
 * @param oneHost    whether every trace names the same host
 * @param offsetsNs  per trace (in the order given): ns from time 0 to its init; -1 where there is none
 * @param baseRealNs CLOCK_REALTIME (ns since the epoch) of time 0
 */
public record HeaderClocks(boolean oneHost, long[] offsetsNs, long baseRealNs) {
    /** headers: one per trace, null where a trace is absent. */
    public static HeaderClocks of(TraceHeader[] headers) {
        String host = null;
        boolean same = true;
        long minMono = Long.MAX_VALUE;
        long minReal = Long.MAX_VALUE;
        TraceHeader earliest = null;
        for (TraceHeader h : headers) {
            if (h == null) continue;
            if (host == null) host = h.host();
            same &= !h.host().isEmpty() && h.host().equals(host);
            if (h.initMonoNs() < minMono) {
                minMono = h.initMonoNs();
                earliest = h;
            }
            minReal = Math.min(minReal, h.initRealNs());
        }
        long[] offsets = new long[headers.length];
        for (int i = 0; i < headers.length; i++) {
            TraceHeader h = headers[i];
            offsets[i] = h == null ? -1 : same ? h.initMonoNs() - minMono : h.initRealNs() - minReal;
        }
        return new HeaderClocks(same, offsets, same && earliest != null ? earliest.initRealNs() : minReal);
    }
}
