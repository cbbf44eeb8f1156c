package io.shmemtrace.format;

/** What kind of SHMEM call an event is (FORMAT.md, event table); the code is the ordinal. */
public enum Category {
    SETUP, QUERY, MEMORY, PUT, GET, ATOMIC, COLLECTIVE, REDUCTION, ORDERING, SYNC, LOCK, CONTEXT, CACHE;

    private static final Category[] BY_CODE = values();

    public int code() {
        return ordinal();
    }

    public static Category of(int code) {
        if (code < 0 || code >= BY_CODE.length) {
            throw new IllegalArgumentException("unknown event category " + code);
        }
        return BY_CODE[code];
    }
}
