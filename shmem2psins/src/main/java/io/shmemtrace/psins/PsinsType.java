package io.shmemtrace.psins;

import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.EventFlags;

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
    WAIT(0x78, Payload.NONE),
    TEST(0x79, Payload.NONE),
    MALLOC(0x7C, Payload.MEMORY),
    FREE(0x7D, Payload.MEMORY),
    CTX_CREATE(0x7E, Payload.NONE),
    CTX_DESTROY(0x7F, Payload.NONE);

    /** What follows the record head; sizes in FORMAT.md. */
    public enum Payload {
        BURST(0), NONE(0), RMA(17), QUIET(4), COLLECTIVE(20), LOCK(16), MEMORY(8);

        final int bytes;

        Payload(int bytes) {
            this.bytes = bytes;
        }
    }

    private static final PsinsType[] BY_ID = new PsinsType[256];

    static {
        for (PsinsType t : values()) BY_ID[t.id] = t;
    }

    private final int id;
    private final Payload payload;
    private final boolean completesLater;

    PsinsType(int id, Payload payload) {
        this.id = id;
        this.payload = payload;
        this.completesLater = name().matches("PUT|PUT_NBI|P|IPUT|GET_NBI|ATOMIC");
    }

    public int id() {
        return id;
    }

    public Payload payload() {
        return payload;
    }

    /** Bytes of a record of this type, head and times included. */
    public int recordSize() {
        return this == BURST ? PsinsLayout.BURST_RECORD
                : PsinsLayout.EVENT_HEAD + payload.bytes + PsinsLayout.EVENT_TAIL;
    }

    /** The type with this id, or null. */
    public static PsinsType of(int id) {
        return id >= 0 && id < BY_ID.length ? BY_ID[id] : null;
    }

    /** A put whose remote completion waits for a quiet, or a non-blocking call: completed by a later event. */
    public boolean completesLater() {
        return completesLater;
    }

    /** The type of a traced function, from its category, flags and name (shmem_ and ctx_ prefixes ignored). */
    public static PsinsType of(EventDef def) {
        String n = def.name().replaceFirst("^shmem_", "").replaceFirst("^ctx_", "");
        boolean nbi = def.has(EventFlags.NONBLOCKING);
        return switch (def.category()) {
            case SETUP -> def.has(EventFlags.INIT) ? INIT : def.has(EventFlags.FINALIZE) ? FINALIZE : OTHER;
            case QUERY -> QUERY;
            case MEMORY -> n.contains("free") ? FREE : MALLOC;
            case PUT -> nbi ? PUT_NBI : n.endsWith("_p") ? P : n.contains("iput") ? IPUT : PUT;
            case GET -> nbi ? GET_NBI : n.endsWith("_g") ? G : n.contains("iget") ? IGET : GET;
            case ATOMIC -> n.matches(".*(fetch|swap|fadd|finc).*") ? ATOMIC_FETCH : ATOMIC;
            case COLLECTIVE -> collective(n);
            case REDUCTION -> REDUCE;
            case ORDERING -> n.startsWith("quiet") ? QUIET : FENCE;
            case SYNC -> n.matches("(.*_)?test") ? TEST : WAIT;
            case LOCK -> n.startsWith("set") ? SET_LOCK : n.startsWith("clear") ? CLEAR_LOCK : TEST_LOCK;
            case CONTEXT -> n.contains("destroy") ? CTX_DESTROY : CTX_CREATE;
            case CACHE -> OTHER;
        };
    }

    private static PsinsType collective(String n) {
        if (n.equals("barrier_all")) return BARRIER_ALL;
        if (n.equals("sync_all")) return SYNC_ALL;
        if (n.startsWith("barrier")) return BARRIER;
        if (n.startsWith("sync")) return SYNC;
        if (n.startsWith("broadcast")) return BROADCAST;
        if (n.startsWith("fcollect")) return FCOLLECT;
        if (n.startsWith("collect")) return COLLECT;
        if (n.startsWith("alltoalls")) return ALLTOALLS;
        if (n.startsWith("alltoall")) return ALLTOALL;
        return OTHER;
    }

    /** Lower-case name used in text output. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
