package io.shmemtrace.format;

/** What kind of SHMEM call an event is (FORMAT.md, event table); each has its code there (explicit: {@link Codes}). */
public enum Category {
    SETUP(0), QUERY(1), MEMORY(2), PUT(3), GET(4), ATOMIC(5), COLLECTIVE(6),
    REDUCTION(7), ORDERING(8), SYNC(9), LOCK(10), CONTEXT(11), CACHE(12);

    private static final Category[] BY_CODE = Codes.index(values(), Category::code, Category[]::new);
    private final int code;

    Category(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static Category of(int code) {
        Category c = Codes.of(BY_CODE, code);
        if (c == null) throw new IllegalArgumentException("unknown event category " + code);
        return c;
    }
}
