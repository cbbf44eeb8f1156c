package io.shmemtrace.format;

import java.util.Locale;

/**
 * What a traced call does, as event-spec.xml says it (attribute {@code op}) and the event table carries it
 * (FORMAT.md, "Semantics"). Tools decide by this, never by a function's name. The code is the ordinal: new
 * operations go at the end.
 */
public enum Operation {
    /** A file written before format 1.1 (no semantics section) whose category says too little. */
    UNKNOWN,
    INIT,
    FINALIZE,
    QUERY,
    MALLOC,
    FREE,
    PUT,
    P,
    IPUT,
    GET,
    G,
    IGET,
    ATOMIC,
    ATOMIC_FETCH,
    QUIET,
    FENCE,
    BARRIER_ALL,
    BARRIER,
    SYNC_ALL,
    SYNC,
    BROADCAST,
    COLLECT,
    FCOLLECT,
    ALLTOALL,
    ALLTOALLS,
    REDUCE,
    LOCK_ACQUIRE,
    LOCK_RELEASE,
    LOCK_TEST,
    WAIT,
    TEST,
    CTX_CREATE,
    CTX_DESTROY,
    /** Anything else: global_exit, the cache no-ops. */
    OTHER,
    /**
     * Not a call: the thread's previous event (a polling call) was made {@code count} more times with the same
     * fields and result (FORMAT.md, "Repeats"). Only the writers put it in a table, never the spec.
     */
    REPEAT,
    /** A put followed by the update of a signal word (OpenSHMEM 1.5 put_signal): completes like a put. */
    PUT_SIGNAL,
    /** A team's creation from a parent team (collective over the parent): split_strided, split_2d. */
    TEAM_SPLIT,
    /** A team's destruction (collective over the team). */
    TEAM_DESTROY,
    /**
     * Not a call: the program's region begins, ends, or a mark ({@code shmemtrace.h}; FORMAT.md, "Regions"). Only
     * the writers put them in a table, never the spec.
     */
    REGION_BEGIN,
    REGION_END,
    MARK;

    private static final Operation[] BY_CODE = values();

    /**
     * The family an operation belongs to, for what groups calls by kind: the report page's colours, the benchmark
     * classes of the ShmemTracer paper (put, get, collective, sync, atomic).
     */
    public enum Group {
        PUT, GET, ATOMIC, SYNC, COLLECTIVE, LOCK, OTHER;

        /** Lower case, as pages and configurations show it. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** This operation's family (one definition: every tool that groups calls by kind asks this). */
    public Group group() {
        return switch (this) {
            case PUT, P, IPUT, PUT_SIGNAL -> Group.PUT;
            case GET, G, IGET -> Group.GET;
            case ATOMIC, ATOMIC_FETCH -> Group.ATOMIC;
            case QUIET, FENCE, WAIT, TEST -> Group.SYNC;
            case BARRIER_ALL, BARRIER, SYNC_ALL, SYNC, BROADCAST, COLLECT, FCOLLECT, ALLTOALL, ALLTOALLS, REDUCE, TEAM_SPLIT,
                 TEAM_DESTROY ->
                    Group.COLLECTIVE;
            case LOCK_ACQUIRE, LOCK_RELEASE, LOCK_TEST -> Group.LOCK;
            default -> Group.OTHER;
        };
    }

    /** A region record's operation (not a call of the library). */
    public boolean isRegion() {
        return this == REGION_BEGIN || this == REGION_END || this == MARK;
    }

    public int code() {
        return ordinal();
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
