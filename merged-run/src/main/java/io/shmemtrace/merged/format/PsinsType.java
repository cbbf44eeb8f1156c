package io.shmemtrace.merged.format;

import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.Completion;

/**
 * The record types of the merged trace (FORMAT.md, "Types"): 0x04 and 0x28/0x29 keep PSINS's ids for a CPU
 * burst, finalize and init; the SHMEM operations have ids of their own. Many traced functions map to one
 * type (every typed put is a PUT); the record's call field keeps which one it was.
 */
public enum PsinsType {
    BURST(0x04, Payload.BURST),
    FINALIZE(0x28, Payload.NONE),
    INIT(0x29, Payload.NONE),
    QUERY(0x30, Payload.NONE),
    OTHER(0x31, Payload.NONE),
    PUT(0x40, Payload.RMA),
    PUT_NBI(0x41, Payload.RMA),
    P(0x42, Payload.RMA),
    IPUT(0x43, Payload.RMA),
    GET(0x48, Payload.RMA),
    GET_NBI(0x49, Payload.RMA),
    G(0x4A, Payload.RMA),
    IGET(0x4B, Payload.RMA),
    ATOMIC(0x50, Payload.RMA),
    ATOMIC_FETCH(0x51, Payload.RMA),
    QUIET(0x58, Payload.QUIET),
    FENCE(0x59, Payload.NONE),
    BARRIER_ALL(0x60, Payload.COLLECTIVE),
    BARRIER(0x61, Payload.COLLECTIVE),
    SYNC_ALL(0x62, Payload.COLLECTIVE),
    SYNC(0x63, Payload.COLLECTIVE),
    BROADCAST(0x64, Payload.COLLECTIVE),
    COLLECT(0x65, Payload.COLLECTIVE),
    FCOLLECT(0x66, Payload.COLLECTIVE),
    ALLTOALL(0x67, Payload.COLLECTIVE),
    ALLTOALLS(0x68, Payload.COLLECTIVE),
    REDUCE(0x69, Payload.COLLECTIVE),
    SET_LOCK(0x70, Payload.LOCK),
    CLEAR_LOCK(0x71, Payload.LOCK),
    TEST_LOCK(0x72, Payload.LOCK),
    WAIT(0x78, Payload.SYNC),
    TEST(0x79, Payload.SYNC),
    /** A polling call repeated with the same fields and result (per-PE format "Repeats"): u64 count. */
    REPEAT(0x7A, Payload.REPEAT),
    MALLOC(0x7C, Payload.MEMORY),
    FREE(0x7D, Payload.MEMORY),
    CTX_CREATE(0x7E, Payload.NONE),
    CTX_DESTROY(0x7F, Payload.NONE);

    /** What follows an event record's times (FORMAT.md, "Records"). */
    public enum Payload { BURST, NONE, RMA, QUIET, COLLECTIVE, LOCK, MEMORY, REPEAT, SYNC }

    private static final PsinsType[] BY_ID = new PsinsType[256];

    static {
        for (PsinsType t : values()) BY_ID[t.id] = t;
    }

    private final int id;
    private final Payload payload;

    PsinsType(int id, Payload payload) {
        this.id = id;
        this.payload = payload;
    }

    public int id() {
        return id;
    }

    public Payload payload() {
        return payload;
    }

    /** The type with this id, or null. */
    public static PsinsType of(int id) {
        return id >= 0 && id < BY_ID.length ? BY_ID[id] : null;
    }

    /** The record type of a traced function: its operation, and for put and get whether it only posts. */
    public static PsinsType of(EventDef def) {
        boolean posted = def.completion() == Completion.POSTED;
        return switch (def.operation()) {
            case INIT -> INIT;
            case FINALIZE -> FINALIZE;
            case QUERY -> QUERY;
            case MALLOC -> MALLOC;
            case FREE -> FREE;
            case PUT -> posted ? PUT_NBI : PUT;
            case P -> P;
            case IPUT -> IPUT;
            case GET -> posted ? GET_NBI : GET;
            case G -> G;
            case IGET -> IGET;
            case ATOMIC -> ATOMIC;
            case ATOMIC_FETCH -> ATOMIC_FETCH;
            case QUIET -> QUIET;
            case FENCE -> FENCE;
            case BARRIER_ALL -> BARRIER_ALL;
            case BARRIER -> BARRIER;
            case SYNC_ALL -> SYNC_ALL;
            case SYNC -> SYNC;
            case BROADCAST -> BROADCAST;
            case COLLECT -> COLLECT;
            case FCOLLECT -> FCOLLECT;
            case ALLTOALL -> ALLTOALL;
            case ALLTOALLS -> ALLTOALLS;
            case REDUCE -> REDUCE;
            case LOCK_ACQUIRE -> SET_LOCK;
            case LOCK_RELEASE -> CLEAR_LOCK;
            case LOCK_TEST -> TEST_LOCK;
            case WAIT -> WAIT;
            case TEST -> TEST;
            case CTX_CREATE -> CTX_CREATE;
            case CTX_DESTROY -> CTX_DESTROY;
            case UNKNOWN, OTHER, REPEAT -> OTHER;
        };
    }

    /** Lower-case name used in text output. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
