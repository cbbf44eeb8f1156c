package io.shmemtrace.format;

/** Bits of an event table entry's flags byte (FORMAT.md). */
public final class EventFlags {
    public static final int NONBLOCKING = 1;
    public static final int CTX = 2;
    public static final int DEPRECATED = 4;
    public static final int INIT = 8;
    public static final int FINALIZE = 16;

    private EventFlags() {}
}
