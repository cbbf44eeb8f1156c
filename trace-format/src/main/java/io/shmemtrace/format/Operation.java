package io.shmemtrace.format;

import java.util.Locale;

/**
 * What a traced call does, as event-spec.xml says it (attribute {@code op}) and the event table carries it
 * (FORMAT.md, "Semantics"). Tools decide by this, never by a function's name. Each has its code in the event table
 * (explicit: {@link Codes}); a new operation takes the next free number, wherever it is listed.
 */
public enum Operation {
    /** A file written before format 1.1 (no semantics section) whose category says too little. */
    UNKNOWN(0),
    INIT(1),
    FINALIZE(2),
    QUERY(3),
    MALLOC(4),
    FREE(5),
    PUT(6),
    P(7),
    IPUT(8),
    GET(9),
    G(10),
    IGET(11),
    ATOMIC(12),
    ATOMIC_FETCH(13),
    QUIET(14),
    FENCE(15),
    BARRIER_ALL(16),
    BARRIER(17),
    SYNC_ALL(18),
    SYNC(19),
    BROADCAST(20),
    COLLECT(21),
    FCOLLECT(22),
    ALLTOALL(23),
    ALLTOALLS(24),
    REDUCE(25),
    LOCK_ACQUIRE(26),
    LOCK_RELEASE(27),
    LOCK_TEST(28),
    WAIT(29),
    TEST(30),
    CTX_CREATE(31),
    CTX_DESTROY(32),
    /** Anything else: global_exit, pcontrol. */
    OTHER(33),
    /**
     * Not a call: the thread's previous event (a polling call) was made {@code count} more times with the same
     * fields and result (FORMAT.md, "Repeats"). Only the writers put it in a table, never the spec.
     */
    REPEAT(34),
    /** A put followed by the update of a signal word (OpenSHMEM 1.5 put_signal): completes like a put. */
    PUT_SIGNAL(35),
    /** A team's creation from a parent team (collective over the parent): split_strided, split_2d. */
    TEAM_SPLIT(36),
    /** A team's destruction (collective over the team). */
    TEAM_DESTROY(37),
    /**
     * Not a call: the program's region begins, ends, or a mark ({@code shmemtrace.h}; FORMAT.md, "Regions"). Only
     * the writers put them in a table, never the spec.
     */
    REGION_BEGIN(38),
    REGION_END(39),
    MARK(40),
    /** The pre-1.3 cache management calls (set_cache_inv, udcflush, ...): no-ops in today's libraries. */
    CACHE(41);

    private static final Operation[] BY_CODE = Codes.index(values(), Operation::code, Operation[]::new);
    private final int code;

    Operation(int code) {
        this.code = code;
    }

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

    /** A collective that moves data (its members' buffers), as against one that only synchronises or makes teams. */
    public boolean movesDataCollectively() {
        return switch (this) {
            case BROADCAST, COLLECT, FCOLLECT, ALLTOALL, ALLTOALLS, REDUCE -> true;
            default -> false;
        };
    }

    /** A region record's operation (not a call of the library). */
    public boolean isRegion() {
        return this == REGION_BEGIN || this == REGION_END || this == MARK;
    }

    /**
     * The category the event table stores beside the operation (the CSV's category column): a property of the
     * operation, as its group is, so that the spec names an operation only and every tool shows one kind per call.
     */
    public Category category() {
        return switch (this) {
            case INIT, FINALIZE, OTHER, UNKNOWN -> Category.SETUP;
            case QUERY, REPEAT, REGION_BEGIN, REGION_END, MARK -> Category.QUERY;
            case MALLOC, FREE -> Category.MEMORY;
            case PUT, P, IPUT, PUT_SIGNAL -> Category.PUT;
            case GET, G, IGET -> Category.GET;
            case ATOMIC, ATOMIC_FETCH -> Category.ATOMIC;
            case BARRIER_ALL, BARRIER, SYNC_ALL, SYNC, BROADCAST, COLLECT, FCOLLECT, ALLTOALL, ALLTOALLS, TEAM_SPLIT,
                 TEAM_DESTROY -> Category.COLLECTIVE;
            case REDUCE -> Category.REDUCTION;
            case QUIET, FENCE -> Category.ORDERING;
            case WAIT, TEST -> Category.SYNC;
            case LOCK_ACQUIRE, LOCK_RELEASE, LOCK_TEST -> Category.LOCK;
            case CTX_CREATE, CTX_DESTROY -> Category.CONTEXT;
            case CACHE -> Category.CACHE;
        };
    }

    /** The number the event table stores (FORMAT.md, "Semantics"). */
    public int code() {
        return code;
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
        Operation o = Codes.of(BY_CODE, code);
        if (o == null) throw new IllegalArgumentException("unknown operation " + code);
        return o;
    }

    /**
     * The operation of a code as a reader takes it from a file: a code this reader does not know (a newer writer's
     * operation) is UNKNOWN, a call like any other, so that a newer minor version stays readable.
     */
    public static Operation read(int code) {
        Operation o = Codes.of(BY_CODE, code);
        return o == null ? UNKNOWN : o;
    }

    /** The operation spelled as in event-spec.xml ({@code op="atomic_fetch"}). */
    public static Operation ofLabel(String label) {
        return valueOf(label.toUpperCase(Locale.ROOT));
    }
}
