package io.shmemtrace.analysis.whatif;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.replay.engine.Bursts;

/**
 * The {@code defer} what-if: a region's computation done after the writes or the lock release that follow it instead
 * of before them — a flag written before the writer's independent work, a critical section left before the work
 * that needs no lock. Each task holds back the bursts in the region; the writes, ordering calls and lock releases
 * that follow pass first, and the held computation comes before the next record after them. It never moves past a
 * synchronisation (a collective, a wait, a lock's acquisition, finalize): reaching one first, it comes before it.
 */
final class DeferredBursts implements Bursts {
    private final int region;
    /** The PE whose computation is deferred, or -1 for every PE's. */
    private final int pe;
    /** Per task: computation held back, and whether what it waits to pass has begun. */
    private final double[] held;
    private final boolean[] passing;

    DeferredBursts(int region, int pe, int tasks) {
        this.region = region;
        this.pe = pe;
        this.held = new double[tasks];
        this.passing = new boolean[tasks];
    }

    @Override
    public double burst(int task, RunRecord before, double burst) {
        if (pe >= 0 && task != pe) return burst;
        if (before.enclosingRegion() == region && before.type() != RecordType.INIT) {
            held[task] += burst;
            return 0;
        }
        if (held[task] == 0) return burst;
        if (passes(before.type())) {
            passing[task] = true;
            return burst;
        }
        if (passing[task] || synchronises(before.type())) {
            double after = burst + held[task];
            held[task] = 0;
            passing[task] = false;
            return after;
        }
        return burst; // a call that neither writes nor synchronises (a query, a get): the computation stays held
    }

    /** What the held computation waits for: writes (a flag, data), their ordering, a lock's release. */
    private static boolean passes(RecordType t) {
        return switch (t) {
            case PUT, PUT_NBI, P, IPUT, PUT_SIGNAL, PUT_SIGNAL_NBI, ATOMIC, ATOMIC_FETCH, FENCE, QUIET, CLEAR_LOCK -> true;
            default -> false;
        };
    }

    private static boolean synchronises(RecordType t) {
        return t.payload() == RecordType.Payload.COLLECTIVE || t == RecordType.WAIT || t == RecordType.TEST
                || t == RecordType.SET_LOCK || t == RecordType.TEST_LOCK || t == RecordType.FINALIZE;
    }
}
