package io.shmemtrace.format;

/**
 * Bits of an event table entry's flags byte (FORMAT.md). NONBLOCKING, INIT and FINALIZE repeat what the
 * semantics section says (completion POSTED, operations INIT and FINALIZE) for readers of format 1.0.
 */
public final class EventFlags {
    public static final int NONBLOCKING = 1;
    public static final int CTX = 2;
    public static final int DEPRECATED = 4;
    public static final int INIT = 8;
    public static final int FINALIZE = 16;
    /** A call programs make in polling loops (spec: poll="true"): repeats of it are collapsed (FORMAT.md, "Repeats"). */
    public static final int POLL = 32;

    private EventFlags() {}
}
