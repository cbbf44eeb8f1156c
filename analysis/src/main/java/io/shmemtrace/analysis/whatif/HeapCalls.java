package io.shmemtrace.analysis.whatif;

import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.replay.engine.ChangedCalls;

/**
 * The {@code heap} what-if: one call's transfers (in one region) on symmetric memory allocated on the heap
 * (shmem_malloc) instead of static data ({@link RunRecord#moveToHeap}): priced as the machine file prices the heap's,
 * where calibrate measured both; on the traced times nothing changes.
 */
record HeapCalls(SelectedCalls calls) implements ChangedCalls {
    @Override
    public Fate fate(int task, RunRecord r) {
        if (calls.selects(r)) r.moveToHeap();
        return Fate.KEEP;
    }
}
