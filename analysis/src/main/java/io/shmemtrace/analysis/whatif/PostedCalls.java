package io.shmemtrace.analysis.whatif;

import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.replay.engine.ChangedCalls;

/**
 * The {@code nonblocking} what-if: one call's blocking puts and gets (in one region) made their posted (_nbi) form,
 * completed at the next call that completes transfers ({@link RunRecord#makePosted}): on the traced times their post
 * costs nothing and their transfer lands as late as the blocking call returned (the bound of what overlapping them
 * buys); a machine model prices the posted call.
 */
record PostedCalls(SelectedCalls calls) implements ChangedCalls {
    @Override
    public Fate fate(int task, RunRecord r) {
        return calls.selects(r) && r.makePosted() ? Fate.POSTED : Fate.KEEP;
    }
}
