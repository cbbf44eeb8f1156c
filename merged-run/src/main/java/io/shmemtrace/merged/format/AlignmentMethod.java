package io.shmemtrace.merged.format;

/** How a merged trace's times were put on one base (FORMAT.md, "Time"); the code is stored in the header. */
public enum AlignmentMethod {
    /** One host: every PE's CLOCK_MONOTONIC, exact. */
    MONOTONIC,
    /** Several hosts: CLOCK_REALTIME, as far as the hosts agree. */
    REALTIME,
    /** CLOCK_REALTIME, then the end of every PE's first shmem_barrier_all lined up. */
    BARRIER;

    public static AlignmentMethod of(int code) {
        return code >= 0 && code < values().length ? values()[code] : null;
    }
}
