package io.shmemtrace.analysis.whatif;

import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.replay.engine.ChangedCalls;

/**
 * The {@code heap} what-if: one call's transfers (in one region) on symmetric memory allocated on the heap
 * (shmem_malloc) instead of static data ({@link RunRecord#moveToHeap}): priced as the machine file prices the heap's,
 * where calibrate measured both; on the traced times nothing changes.
 */
final class HeapCalls implements ChangedCalls {
    private final int call;
    /** -2: in any region; -1: outside every region. */
    private final int region;

    HeapCalls(int call, int region) {
        this.call = call;
        this.region = region;
    }

    @Override
    public Fate fate(int task, RunRecord r) {
        if (r.call() != null && r.call().index() == call && (region == -2 || r.enclosingRegion() == region)) r.moveToHeap();
        return Fate.KEEP;
    }
}
