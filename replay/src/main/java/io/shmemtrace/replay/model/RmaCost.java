package io.shmemtrace.replay.model;

/**
 * What a one-sided call costs, in seconds after its start.
 *
 * @param inCall how long the caller is in the call (a blocking get: the round trip; an _nbi call: the post)
 * @param complete when its operation is complete at the target as the source learns it (what a quiet waits for)
 * @param visible when a PE polling at the target sees its data (what releases a wait); at most complete
 */
public record RmaCost(double inCall, double complete, double visible) {
    /** A call whose data is seen when it completes. */
    public RmaCost(double inCall, double complete) {
        this(inCall, complete, complete);
    }
}
