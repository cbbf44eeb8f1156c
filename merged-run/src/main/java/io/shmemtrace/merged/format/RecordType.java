package io.shmemtrace.merged.format;

import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.Completion;
import io.shmemtrace.format.Operation;
import java.util.EnumMap;
import java.util.Map;

/**
 * The record types of the merged trace (FORMAT.md, "Types"): 0x04 and 0x28/0x29 keep PSINS's ids for a CPU
 * burst, finalize and init; the SHMEM operations have ids of their own. Many traced functions map to one
 * type (every typed put is a PUT); the record's call field keeps which one it was.
 */
public enum RecordType {
    BURST(0x04, Payload.BURST, null, false),
    FINALIZE(0x28, Payload.NONE, Operation.FINALIZE, false),
    INIT(0x29, Payload.NONE, Operation.INIT, false),
    QUERY(0x30, Payload.NONE, Operation.QUERY, false),
    OTHER(0x31, Payload.NONE, Operation.OTHER, false),
    /** The program's regions and marks (shmemtrace.h): not calls; the payload names the region. */
    REGION_BEGIN(0x32, Payload.REGION, Operation.REGION_BEGIN, false),
    REGION_END(0x33, Payload.REGION, Operation.REGION_END, false),
    MARK(0x34, Payload.REGION, Operation.MARK, false),
    PUT(0x40, Payload.RMA, Operation.PUT, false),
    PUT_NBI(0x41, Payload.RMA, Operation.PUT, true),
    P(0x42, Payload.RMA, Operation.P, false),
    IPUT(0x43, Payload.RMA, Operation.IPUT, false),
    /** A put and its signal (OpenSHMEM 1.5): an RMA record and the signal word's address. */
    PUT_SIGNAL(0x44, Payload.RMA, Operation.PUT_SIGNAL, false),
    PUT_SIGNAL_NBI(0x45, Payload.RMA, Operation.PUT_SIGNAL, true),
    GET(0x48, Payload.RMA, Operation.GET, false),
    GET_NBI(0x49, Payload.RMA, Operation.GET, true),
    G(0x4A, Payload.RMA, Operation.G, false),
    IGET(0x4B, Payload.RMA, Operation.IGET, false),
    ATOMIC(0x50, Payload.RMA, Operation.ATOMIC, false),
    ATOMIC_FETCH(0x51, Payload.RMA, Operation.ATOMIC_FETCH, false),
    QUIET(0x58, Payload.QUIET, Operation.QUIET, false),
    FENCE(0x59, Payload.NONE, Operation.FENCE, false),
    BARRIER_ALL(0x60, Payload.COLLECTIVE, Operation.BARRIER_ALL, false),
    BARRIER(0x61, Payload.COLLECTIVE, Operation.BARRIER, false),
    SYNC_ALL(0x62, Payload.COLLECTIVE, Operation.SYNC_ALL, false),
    SYNC(0x63, Payload.COLLECTIVE, Operation.SYNC, false),
    BROADCAST(0x64, Payload.COLLECTIVE, Operation.BROADCAST, false),
    COLLECT(0x65, Payload.COLLECTIVE, Operation.COLLECT, false),
    FCOLLECT(0x66, Payload.COLLECTIVE, Operation.FCOLLECT, false),
    ALLTOALL(0x67, Payload.COLLECTIVE, Operation.ALLTOALL, false),
    ALLTOALLS(0x68, Payload.COLLECTIVE, Operation.ALLTOALLS, false),
    REDUCE(0x69, Payload.COLLECTIVE, Operation.REDUCE, false),
    SET_LOCK(0x70, Payload.LOCK, Operation.LOCK_ACQUIRE, false),
    CLEAR_LOCK(0x71, Payload.LOCK, Operation.LOCK_RELEASE, false),
    TEST_LOCK(0x72, Payload.LOCK, Operation.LOCK_TEST, false),
    WAIT(0x78, Payload.SYNC, Operation.WAIT, false),
    TEST(0x79, Payload.SYNC, Operation.TEST, false),
    /** A polling call repeated with the same fields and result (per-PE format "Repeats"): u64 count. */
    REPEAT(0x7A, Payload.REPEAT, null, false),
    MALLOC(0x7C, Payload.MEMORY, Operation.MALLOC, false),
    FREE(0x7D, Payload.MEMORY, Operation.FREE, false),
    CTX_CREATE(0x7E, Payload.NONE, Operation.CTX_CREATE, false),
    CTX_DESTROY(0x7F, Payload.NONE, Operation.CTX_DESTROY, false);

    /** What follows an event record's times (FORMAT.md, "Records"). */
    public enum Payload { BURST, NONE, RMA, QUIET, COLLECTIVE, LOCK, MEMORY, REPEAT, SYNC, REGION }

    private static final RecordType[] BY_ID = new RecordType[256];
    /** Per operation of the spec: its type, and the type of its posted (_nbi) form where that has one of its own. */
    private static final Map<Operation, RecordType[]> BY_OPERATION = new EnumMap<>(Operation.class);

    static {
        for (RecordType t : values()) {
            BY_ID[t.id] = t;
            if (t.operation != null) BY_OPERATION.computeIfAbsent(t.operation, o -> new RecordType[2])[t.posted ? 1 : 0] = t;
        }
    }

    private final int id;
    private final Payload payload;
    private final Operation operation;
    private final boolean posted;

    /** operation: the spec's (null for the merged format's own records); posted: the _nbi form of it. */
    RecordType(int id, Payload payload, Operation operation, boolean posted) {
        this.id = id;
        this.payload = payload;
        this.operation = operation;
        this.posted = posted;
    }

    /** The spec's operation of this type's calls (null for a CPU burst or a repeat record). */
    public Operation operation() {
        return operation;
    }

    /**
     * Whether a call of this type completes the calling PE's pending transfers: the spec's rule
     * ({@link Operation#completesPending}), not restated here.
     */
    public boolean completesPending() {
        return operation != null && operation.completesPending();
    }

    public int id() {
        return id;
    }

    public Payload payload() {
        return payload;
    }

    /** The type with this id, or null. */
    public static RecordType of(int id) {
        return id >= 0 && id < BY_ID.length ? BY_ID[id] : null;
    }

    /**
     * The record type of a traced function: its operation's, the posted form's for a call that only posts (put and
     * get _nbi); OTHER for an operation the merged format has no type of its own for.
     */
    public static RecordType of(EventDef def) {
        RecordType[] types = BY_OPERATION.get(def.operation());
        if (types == null) return OTHER;
        boolean posted = def.completion() == Completion.POSTED;
        return posted && types[1] != null ? types[1] : types[0];
    }

    /** Whether it is the posted (_nbi) form of its operation: a call that returns before its transfer has begun. */
    public boolean posted() {
        return posted;
    }

    /** Whether its RMA record carries a signal word (put_signal). */
    public boolean signals() {
        return operation == Operation.PUT_SIGNAL;
    }

    /** The type a model prices it as: a put_signal is a put (its signal travels with the data). */
    public RecordType pricedAs() {
        return this == PUT_SIGNAL ? PUT : this == PUT_SIGNAL_NBI ? PUT_NBI : this;
    }

    /** Lower-case name used in text output. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
