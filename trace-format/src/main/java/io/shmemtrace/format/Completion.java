package io.shmemtrace.format;

import java.util.Locale;

/**
 * When a traced call's own operation is complete, as event-spec.xml says it (attribute {@code completion}):
 * what a simulator models and what completion links in a merged trace follow. Each has its code (explicit: {@link Codes}).
 */
public enum Completion {
    /** Returns with its work done: gets, fetching atomics, collectives, waits, and every call that moves no data. */
    COMPLETE(0),
    /** Returns when the source may be reused; the remote write completes at a later quiet (put, p, iput, atomics). */
    LOCAL(1),
    /** Only posts the operation: it completes at a later quiet (the _nbi calls). */
    POSTED(2);

    private static final Completion[] BY_CODE = Codes.index(values(), Completion::code, Completion[]::new);
    private final int code;

    Completion(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** True when a later call (quiet, barrier, ...) completes it. */
    public boolean deferred() {
        return this != COMPLETE;
    }

    public static Completion of(int code) {
        Completion c = Codes.of(BY_CODE, code);
        if (c == null) throw new IllegalArgumentException("unknown completion " + code);
        return c;
    }

    public static Completion ofLabel(String label) {
        return valueOf(label.toUpperCase(Locale.ROOT));
    }
}
