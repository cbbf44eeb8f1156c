package io.shmemtrace.format;

import java.util.Locale;

/**
 * When a traced call's own operation is complete, as event-spec.xml says it (attribute {@code completion}):
 * what a simulator models and what completion links in a merged trace follow. The code is the ordinal.
 */
public enum Completion {
    /** Returns with its work done: gets, fetching atomics, collectives, waits, and every call that moves no data. */
    COMPLETE,
    /** Returns when the source may be reused; the remote write completes at a later quiet (put, p, iput, atomics). */
    LOCAL,
    /** Only posts the operation: it completes at a later quiet (the _nbi calls). */
    POSTED;

    private static final Completion[] BY_CODE = values();

    public int code() {
        return ordinal();
    }

    /** True when a later call (quiet, barrier, ...) completes it. */
    public boolean deferred() {
        return this != COMPLETE;
    }

    public static Completion of(int code) {
        if (code < 0 || code >= BY_CODE.length) {
            throw new IllegalArgumentException("unknown completion " + code);
        }
        return BY_CODE[code];
    }

    public static Completion ofLabel(String label) {
        return valueOf(label.toUpperCase(Locale.ROOT));
    }
}
