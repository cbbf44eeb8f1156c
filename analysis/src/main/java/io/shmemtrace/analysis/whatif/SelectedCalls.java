package io.shmemtrace.analysis.whatif;

import io.shmemtrace.merged.read.RunRecord;

/**
 * The calls a what-if changes: one call of the run (its index in the call table), in one region or anywhere.
 *
 * @param region the region's index; {@link #ANY_REGION} in any region, -1 outside every region
 */
record SelectedCalls(int call, int region) {
    static final int ANY_REGION = -2;

    boolean selects(RunRecord r) {
        return r.call() != null && r.call().index() == call && (region == ANY_REGION || r.enclosingRegion() == region);
    }
}
