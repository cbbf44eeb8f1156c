package io.shmemtrace.merged.format;

import io.shmemtrace.format.Codes;

/** How a merged trace's times were put on one base (FORMAT.md, "Time"); the code is stored in the header. */
public enum AlignmentMethod {
    /** One host: every PE's CLOCK_MONOTONIC, exact. */
    MONOTONIC(0),
    /** Several hosts: CLOCK_REALTIME, as far as the hosts agree. */
    REALTIME(1),
    /** CLOCK_REALTIME, then the end of every PE's first shmem_barrier_all lined up. */
    BARRIER(2);

    private static final AlignmentMethod[] BY_CODE = Codes.index(values(), AlignmentMethod::code, AlignmentMethod[]::new);
    private final int code;

    AlignmentMethod(int code) {
        this.code = code;
    }

    /** The number the header stores (explicit: {@link Codes}). */
    public int code() {
        return code;
    }

    /** The method with this code, or null. */
    public static AlignmentMethod of(int code) {
        return Codes.of(BY_CODE, code);
    }
}
