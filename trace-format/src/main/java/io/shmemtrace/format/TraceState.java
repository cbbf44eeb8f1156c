package io.shmemtrace.format;

/** How the traced process ended (FORMAT.md, header field state). */
public enum TraceState {
    RUNNING(0, "crashed or killed (never finished)"),
    FINALIZED(1, "finalized"),
    EXITED(2, "exited without shmem_finalize"),
    DISABLED(3, "tracing disabled by an I/O error");

    private static final TraceState[] BY_CODE = Codes.index(values(), TraceState::code, TraceState[]::new);
    private final int code;
    private final String description;

    TraceState(int code, String description) {
        this.code = code;
        this.description = description;
    }

    /** The number the header stores (explicit: {@link Codes}). */
    public int code() {
        return code;
    }

    public String description() {
        return description;
    }

    public static TraceState of(int code) {
        TraceState s = Codes.of(BY_CODE, code);
        return s == null ? RUNNING : s;
    }
}
