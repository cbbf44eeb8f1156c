package io.shmemtrace.merged.merge;

import io.shmemtrace.merged.format.RecordType;

/**
 * One record of a task as the merge's bookkeeping makes it, before it is encoded (FORMAT.md, "Records"): the
 * values themselves (times on the aligned base, absolute addresses and targets), what the call table says the
 * record carries, and no bytes. A sink encodes it ({@link RecordEncoder}) and later resolves its forward link,
 * if it has one. One instance is filled per event: copy what you keep.
 */
final class MergedRecord {
    /** The call, from the run's call table: which optional fields the record has. */
    Calls.Call call;
    /** The record's type: the call's, or REPEAT for a collapsed polling loop. */
    RecordType type;
    int thread;
    long burstNs;
    /** Start on the aligned time base. */
    long startNs;
    long durationNs;
    /** The site's index in the run's site table plus one, 0 for none (only where the run has call sites). */
    long site;

    // payload fields: each meaningful for the payloads that have it
    /** RMA: the target PE. */
    int target;
    /** RMA, COLLECTIVE (with a count): bytes; MEMORY: bytes asked for. */
    long bytes;
    /** RMA on a context: whether it is not the default one. */
    boolean onContext;
    /** RMA, LOCK, MEMORY, SYNC: the symmetric address; RMA with a signal: its word. */
    long address;
    long signal;
    /** QUIET: how many earlier calls it completed. */
    long completed;
    /** COLLECTIVE: the PE set's id, and the root (-1 without); the task's collectives on the set before it (its instance). */
    int set;
    int root;
    int instance;
    /**
     * Whether the record has a forward link (a deferred RMA call to the call that completes it, a set_lock to its
     * clear_lock), written as 0 until the sink is told where it points.
     */
    boolean forwardLink;
    /**
     * A deferred RMA call: the event of the first call still pending on its context (itself, if none is), which
     * keys the calls one completing call will complete together where forward links are not known yet.
     */
    long group;
    /** CLEAR_LOCK: events back to its set_lock, 0 if none. */
    long back;
    /** LOCK: test_lock's result (-1 for the others). */
    long result;
    /** REPEAT: how many more times the call before it was made. */
    long repeats;
    /** REGION: the name's index in the run's name table. */
    long regionName;
    /** SYNC: compare operator (-1 without), value, and the span of a wait on a set (where the call has one). */
    long cmp;
    long value;
    long span;
}
