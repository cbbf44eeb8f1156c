package io.shmemtrace.replay.engine;

import io.shmemtrace.merged.read.RunRecord;

/**
 * Sees every event of a replay as it is timed, with what released it: what the analyses of a run (the critical
 * path, the causes of wait states) are built on, in the replay's one pass. A sequence is one thread of one task.
 */
public interface Observer {
    /** Sequence seq (of task) starts record r at start, having computed since its previous event ended at clock. */
    void started(int seq, int task, RunRecord r, double clock, double start);

    /**
     * r ended at end, after waiting for others for waited of its time. causeSeq: the sequence whose event causeEvent
     * (its number in its task) released it — a collective's last arrival, a broadcast's root, the lock's previous
     * release, the write a wait saw — or -1 where r waited for no one (or for its own transfers).
     */
    void ended(int seq, int task, RunRecord r, double start, double end, double waited, int causeSeq, long causeEvent);
}
