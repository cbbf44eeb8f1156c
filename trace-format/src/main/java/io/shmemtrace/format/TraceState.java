package io.shmemtrace.format;

/** How the traced process ended (FORMAT.md, header field state). */
public enum TraceState {
    RUNNING("crashed or killed (never finished)"),
    FINALIZED("finalized"),
    EXITED("exited without shmem_finalize"),
    DISABLED("tracing disabled by an I/O error");

    private final String description;

    TraceState(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    public static TraceState of(int code) {
        return code >= 0 && code < values().length ? values()[code] : RUNNING;
    }
}
