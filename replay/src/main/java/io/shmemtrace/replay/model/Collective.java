package io.shmemtrace.replay.model;

import io.shmemtrace.merged.format.RecordType;

/**
 * One member's part in a collective.
 *
 * @param type a collective's record type (payload COLLECTIVE)
 * @param members PEs in the set
 * @param rank this member's place in the set, 0-based
 * @param root the root's place in the set (broadcast), else -1
 * @param bytes what this member's call moves (its record's bytes)
 * @param spansNodes the set has members on more than one node
 * @param traced this member's traced duration
 * @param tracedAfterLast this member's traced time in the call after the last member's traced arrival (a broadcast:
 *                        after the root's), at most its traced duration: the call's own cost to it as traced, without
 *                        the waiting for the others, and with the order the members left in
 * @param completesTransfers a barrier that completes transfers still in flight when their PE arrived (a put, then
 *                           barrier_all): the library completes them inside it
 * @param lastComputed how long the member that arrived last computed before it (seconds, as replayed; 0 for a
 *                     broadcast): a barrier right after computing costs more than one looped back to back
 */
public record Collective(RecordType type, int members, int rank, int root, long bytes, boolean spansNodes,
                         double traced, double tracedAfterLast, boolean completesTransfers, double lastComputed) {
    /** What a member's traced call held after the traced arrival that released it (within its duration). */
    public static double after(double start, double duration, double releasedAt) {
        return Math.max(0, Math.min(duration, start + duration - releasedAt));
    }
}
