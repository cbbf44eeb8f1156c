package io.shmemtrace.analysis.whatif;

import io.shmemtrace.replay.model.Collective;
import io.shmemtrace.replay.model.Local;
import io.shmemtrace.replay.model.MeasuredModel;
import io.shmemtrace.replay.model.SyncCost;

/**
 * The traced run's costs without its waits, for what-ifs on the traced machine: every call takes its traced time,
 * except that what waited for another PE ends when that PE releases it — a collective at each member's own traced
 * time after the last arrival (as traced: members leave a reduction in the order they did), a wait when its write is
 * seen, a lock when it is released. The measured model instead keeps every traced duration, waits included, as a floor: exact for the run
 * as it was, blind to a change that would have shortened a wait.
 */
public final class TracedOwnCosts extends MeasuredModel {
    @Override
    public String name() {
        return "traced";
    }

    @Override
    public String description() {
        return "the traced costs without their waits (what-ifs on the traced machine)";
    }

    @Override
    public SyncCost collective(Collective call) {
        return new SyncCost(call.tracedAfterLast(), 0);
    }

    @Override
    public SyncCost release(Local call) {
        return new SyncCost(0, 0);
    }
}
