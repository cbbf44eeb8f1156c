package io.shmemtrace.replay.engine;

import io.shmemtrace.merged.read.RecordReader;
import io.shmemtrace.merged.read.RunRecord;

/** One thread of one task, replayed in program order: its reader, its clock and what it is doing. */
final class Sequence {
    final int index;
    final int task;
    final int thread;
    final RecordReader reader;
    /** The event it is at: executing, or blocked in. */
    final RunRecord current = new RunRecord();
    boolean hasCurrent;
    /** Simulated time its last event ended. */
    double clock;
    /** When the current event can start (clock + its scaled burst): the queue's key. */
    double readyAt;
    /** While blocked: when the current event started. */
    double arrival;
    boolean blocked;
    /** What released the current event (an {@link Observer}'s causeSeq and causeEvent); -1 while nothing has. */
    int causeSeq = -1;
    long causeEvent;

    // a completing call waiting for its transfers' targets to progress: what it completes, and its own times
    int[] awaitTargets = new int[2];
    double[] awaitLanded = new double[2];
    int awaitCount;
    double awaitStart;
    double awaitEnd;
    double awaitWaited;
    boolean awaitPosted;
    boolean awaitingProgress;

    void await(int target, double landed) {
        if (awaitCount == awaitTargets.length) {
            awaitTargets = java.util.Arrays.copyOf(awaitTargets, awaitCount * 2);
            awaitLanded = java.util.Arrays.copyOf(awaitLanded, awaitCount * 2);
        }
        awaitTargets[awaitCount] = target;
        awaitLanded[awaitCount++] = landed;
    }

    Sequence(int index, int task, int thread, RecordReader reader) {
        this.index = index;
        this.task = task;
        this.thread = thread;
        this.reader = reader;
    }

    /** The traced end of the current event: a lock's ticket, a wait's deadline for its write. */
    double tracedEnd() {
        return current.start() + current.duration();
    }
}
