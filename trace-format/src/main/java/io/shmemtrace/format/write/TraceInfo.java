package io.shmemtrace.format.write;

import io.shmemtrace.format.Layout;

/**
 * What a writer puts into the checksummed part of a file header (FORMAT.md, "File header").
 * Times: raw clock ticks; the clock pair (init_ticks, init_mono_ns) is the PE's time origin.
 */
public record TraceInfo(int pe, int npes, long pid, long tickHz, int tickShift, int clockSource,
                        long initTicks, long initMonoNs, long initRealNs, String runId, String host) {

    public TraceInfo {
        if (tickShift < 0 || tickShift > 63) throw new IllegalArgumentException("tick_shift " + tickShift);
        if (tickHz <= 0) throw new IllegalArgumentException("tick_hz " + tickHz);
        runId = runId == null ? "" : runId;
        host = host == null ? "" : host;
    }

    /**
     * A PE whose clock is CLOCK_MONOTONIC in ns (clock_source 2, tick_hz 10^9, tick_shift 0), starting now;
     * what a Java writer without a TSC records.
     */
    public static TraceInfo monotonicNow(int pe, int npes, String runId, String host) {
        long mono = System.nanoTime();
        java.time.Instant now = java.time.Instant.now();
        long real = now.getEpochSecond() * 1_000_000_000L + now.getNano();
        return new TraceInfo(pe, npes, ProcessHandle.current().pid(), 1_000_000_000L, 0, Layout.CLOCK_MONOTONIC,
                mono, mono, real, runId, host);
    }

    /** The same header with another init clock pair. */
    public TraceInfo withInit(long ticks, long monoNs) {
        return new TraceInfo(pe, npes, pid, tickHz, tickShift, clockSource, ticks, monoNs, initRealNs, runId, host);
    }
}
