package io.shmemtrace.replay.model;

import io.shmemtrace.merged.format.RecordType;

/**
 * A one-sided call as a model sees it.
 *
 * @param type PUT, PUT_NBI, P, IPUT, GET, GET_NBI, G, IGET, ATOMIC or ATOMIC_FETCH
 * @param sameNode source and target on one node
 * @param traced the call's traced duration
 * @param staticData its symmetric address is static data (a global), not in the symmetric heap
 * @param madePosted a blocking call a what-if made posted: traced is the blocking call's duration
 */
public record Rma(RecordType type, int source, int target, long bytes, boolean sameNode, double traced,
                  boolean staticData, boolean madePosted) {
    public boolean isGet() {
        return type == RecordType.GET || type == RecordType.GET_NBI || type == RecordType.G || type == RecordType.IGET;
    }

    public boolean posted() {
        return type.posted();
    }

    /** Fetching atomics wait for their answer, as gets do. */
    public boolean roundTrip() {
        return isGet() || type == RecordType.ATOMIC_FETCH;
    }
}
