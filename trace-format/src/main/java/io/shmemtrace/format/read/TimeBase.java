package io.shmemtrace.format.read;

/**
 * Turns event times (units of 2^tick_shift ticks) into nanoseconds since the PE's init, with the tick rate
 * of the longest (ticks, CLOCK_MONOTONIC) pair the file has (FORMAT.md, "Time").
 */
public final class TimeBase {
    private final long initTicks;
    private final int tickShift;
    private final double nsPerTick;

    TimeBase(TraceHeader h, long lastOpenTicks, long lastOpenMonoNs) {
        this.initTicks = h.initTicks();
        this.tickShift = h.tickShift();
        double rate = h.tickHz() > 0 ? 1e9 / h.tickHz() : 1.0;
        if (h.finalTicks() > h.initTicks() && h.finalMonoNs() > h.initMonoNs()) {
            rate = (double) (h.finalMonoNs() - h.initMonoNs()) / (h.finalTicks() - h.initTicks());
        } else if (lastOpenTicks > h.initTicks() + 1_000_000 && lastOpenMonoNs > h.initMonoNs()) {
            rate = (double) (lastOpenMonoNs - h.initMonoNs()) / (lastOpenTicks - h.initTicks());
        }
        this.nsPerTick = rate;
    }

    /** Nanoseconds since init of a point in time given in units. */
    public long toNs(long units) {
        return Math.round(((double) (units << tickShift) - initTicks) * nsPerTick);
    }

    /** Nanoseconds of a span given in units. */
    public long spanNs(long units) {
        return Math.round((double) (units << tickShift) * nsPerTick);
    }

    public double nsPerTick() {
        return nsPerTick;
    }
}
