package io.shmemtrace.format;

import java.util.Locale;

/**
 * What a traced call does, as event-spec.xml says it (attribute {@code op}) and the event table carries it
 * (FORMAT.md, "Semantics"). Tools decide by this, never by a function's name. The code is the ordinal: new
 * operations go at the end.
 */
public enum Operation {
    /** A file written before format 1.1 (no semantics section) whose category says too little. */
    UNKNOWN(Kind.OTHER),
    INIT(Kind.SETUP),
    FINALIZE(Kind.SETUP),
    QUERY(Kind.OTHER),
    MALLOC(Kind.MEMORY),
    FREE(Kind.MEMORY),
    PUT(Kind.RMA),
    P(Kind.RMA),
    IPUT(Kind.RMA),
    GET(Kind.RMA),
    G(Kind.RMA),
    IGET(Kind.RMA),
    ATOMIC(Kind.RMA),
    ATOMIC_FETCH(Kind.RMA),
    QUIET(Kind.ORDERING),
    FENCE(Kind.ORDERING),
    BARRIER_ALL(Kind.COLLECTIVE),
    BARRIER(Kind.COLLECTIVE),
    SYNC_ALL(Kind.COLLECTIVE),
    SYNC(Kind.COLLECTIVE),
    BROADCAST(Kind.COLLECTIVE),
    COLLECT(Kind.COLLECTIVE),
    FCOLLECT(Kind.COLLECTIVE),
    ALLTOALL(Kind.COLLECTIVE),
    ALLTOALLS(Kind.COLLECTIVE),
    REDUCE(Kind.COLLECTIVE),
    LOCK_ACQUIRE(Kind.LOCK),
    LOCK_RELEASE(Kind.LOCK),
    LOCK_TEST(Kind.LOCK),
    WAIT(Kind.SYNC),
    TEST(Kind.SYNC),
    CTX_CREATE(Kind.OTHER),
    CTX_DESTROY(Kind.OTHER),
    /** Anything else: global_exit, the cache no-ops. */
    OTHER(Kind.OTHER),
    /**
     * Not a call: the thread's previous event (a polling call) was made {@code count} more times with the same
     * fields and result (FORMAT.md, "Repeats"). Only the writers put it in a table, never the spec.
     */
    REPEAT(Kind.OTHER);

    /** Groups of operations that tools treat alike. */
    public enum Kind { SETUP, MEMORY, RMA, ORDERING, COLLECTIVE, LOCK, SYNC, OTHER }

    private static final Operation[] BY_CODE = values();

    private final Kind kind;

    Operation(Kind kind) {
        this.kind = kind;
    }

    public int code() {
        return ordinal();
    }

    public Kind kind() {
        return kind;
    }

    /**
     * True where the call completes the PE's outstanding puts and non-blocking calls (OpenSHMEM 1.4): quiet,
     * barrier_all and barrier (a quiet first), clear_lock (a quiet before the release), finalize, ctx_destroy
     * (its context), and the symmetric-memory calls, which end in an implicit barrier_all.
     */
    public boolean completesPending() {
        return switch (this) {
            case QUIET, BARRIER_ALL, BARRIER, FINALIZE, CTX_DESTROY, MALLOC, FREE, LOCK_RELEASE -> true;
            default -> false;
        };
    }

    /** The spec's spelling: lower case, e.g. {@code atomic_fetch}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Operation of(int code) {
        if (code < 0 || code >= BY_CODE.length) {
            throw new IllegalArgumentException("unknown operation " + code);
        }
        return BY_CODE[code];
    }

    /** The operation spelled as in event-spec.xml ({@code op="atomic_fetch"}). */
    public static Operation ofLabel(String label) {
        return valueOf(label.toUpperCase(Locale.ROOT));
    }
}
