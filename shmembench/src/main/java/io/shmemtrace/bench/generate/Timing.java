package io.shmemtrace.bench.generate;

import io.shmemtrace.bench.catalog.Api;
import io.shmemtrace.format.Completion;

/** How a call is timed (SKaMPI-OpenSHMEM), from its operation and completion in event-spec.xml. */
public enum Timing {
    /** as it returns: gets, fetching atomics, tests, fence, quiet */
    RETURN("return"),
    /** to completion: call + quiet, less an empty quiet; streamed (STREAM), both ways (MUTUAL) and spaced (SPACED) */
    COMPLETE("+quiet"),
    /** _nbi: full, post, quiet, overlap, busy-target */
    NBI(""),
    /** a collective followed by a barrier, less the barrier */
    COLLECTIVE("+barrier"),
    /** a barrier-like call, looped bare; and after every PE computed (busy-all) */
    SYNCHRONISING("loop"),
    /** half a ping-pong's round trip */
    PINGPONG("rtt/2"),
    /** a lock taken and released, uncontended, each part timed: acquire, release (and own- for a lock homed at the PE) */
    LOCK("acquire");

    /** The second row of a COMPLETE call: issued back to back, one quiet ending each sample (timed with them). */
    public static final String STREAM = "stream";
    /** The third: streamed while the other PE streams the same at it. */
    public static final String MUTUAL = "mutual";
    /** The fourth: each call followed by computation long enough for its transfer to leave (less the computation). */
    public static final String SPACED = "spaced";

    public final String variant;

    Timing(String variant) {
        this.variant = variant;
    }

    public static Timing of(Api api) {
        if (api.completion() == Completion.POSTED) return NBI;
        if (api.operation().movesDataCollectively()) return COLLECTIVE;
        return switch (api.operation()) {
            case PUT, P, IPUT, PUT_SIGNAL, ATOMIC -> COMPLETE;
            case BARRIER_ALL, BARRIER, SYNC_ALL, SYNC -> SYNCHRONISING;
            case WAIT -> PINGPONG;
            case LOCK_ACQUIRE -> LOCK;
            default -> RETURN;
        };
    }
}
