package io.shmemtrace.format.read;

import io.shmemtrace.format.Layout;

/**
 * Turns event times (units of 2^tick_shift ticks) into nanoseconds since the PE's init (its unit), with the tick rate
 * of the longest (ticks, CLOCK_MONOTONIC) pair the file has (FORMAT.md, "Time"), or tick_hz itself when the
 * ticks are CLOCK_MONOTONIC.
 */
public final class TimeBase {
    /** A pair shorter than this (by tick_hz) says more about clock-reading jitter than about the rate. */
    private static final double MIN_PAIR_SECONDS = 1e-3;

    private final long initTicks;
    private final int tickShift;
    private final double nsPerTick;

    TimeBase(TraceHeader h, long lastOpenTicks, long lastOpenMonoNs) {
        // Times count from init as events record it, in whole units: the init call's own start is then 0, not a
        // few ns before its PE began (event times are the ticks truncated to units).
        this.initTicks = h.tickShift() < 64 ? (h.initTicks() >>> h.tickShift()) << h.tickShift() : h.initTicks();
        this.tickShift = h.tickShift();
        double rate = h.tickHz() > 0 ? 1e9 / h.tickHz() : 1.0;
        if (h.clockSource() == Layout.CLOCK_MONOTONIC) {
            // The ticks are CLOCK_MONOTONIC itself: the rate is tick_hz, and a pair read with two clock calls
            // would only add the gap between them as error.
            this.nsPerTick = rate;
            return;
        }
        long bestSpan = h.tickHz() > 0 ? (long) (h.tickHz() * MIN_PAIR_SECONDS) : 0;
        if (h.finalTicks() - h.initTicks() > bestSpan && h.finalMonoNs() > h.initMonoNs()) {
            bestSpan = h.finalTicks() - h.initTicks();
            rate = (double) (h.finalMonoNs() - h.initMonoNs()) / bestSpan;
        }
        if (lastOpenTicks - h.initTicks() > bestSpan && lastOpenMonoNs > h.initMonoNs()) {
            bestSpan = lastOpenTicks - h.initTicks();
            rate = (double) (lastOpenMonoNs - h.initMonoNs()) / bestSpan;
        }
        this.nsPerTick = rate;
    }

    /** Nanoseconds since init of a point in time given in units. */
    public long toNs(long units) {
        return round((double) ((units << tickShift) - initTicks) * nsPerTick);
    }

    /** Nanoseconds of a span given in units (>= 0: a span is never negative, so truncating x + 0.5 rounds). */
    public long spanNs(long units) {
        return (long) ((double) (units << tickShift) * nsPerTick + 0.5);
    }

    /**
     * Nearest whole ns, halves up: Math.round's result below 2^52 ns but for values less than 2^-53 under one
     * half, at a fraction of its cost (floor is one SSE4.1 instruction; Math.round's exactness there is bit
     * fiddling on every call, a seventh of a merge's time).
     */
    private static long round(double ns) {
        return (long) Math.floor(ns + 0.5);
    }

    public double nsPerTick() {
        return nsPerTick;
    }
}
