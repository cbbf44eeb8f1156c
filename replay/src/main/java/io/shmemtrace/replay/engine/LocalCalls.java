package io.shmemtrace.replay.engine;

import static io.shmemtrace.merged.format.RecordType.*;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.Local;
import java.io.IOException;
import java.util.EnumSet;
import java.util.Set;

/**
 * Calls that depend on no other task: quiet and fence at the model's cost (a quiet no earlier than the transfers
 * it completes: {@link Completions}; a fence orders the writes around it: {@link FenceOrder}), the symmetric heap's allocations remembered, and every call no other
 * handler owns (init, queries, contexts, repeats) taking its traced time.
 */
final class LocalCalls implements Handler {
    private final Replay replay;
    private final CommModel model;
    private final FenceOrder fenceOrder;

    LocalCalls(Replay replay, FenceOrder fenceOrder) {
        this.replay = replay;
        this.model = replay.model;
        this.fenceOrder = fenceOrder;
    }

    @Override
    public Set<RecordType> types() {
        return EnumSet.of(QUIET, FENCE, MALLOC, FREE);
    }

    @Override
    public void start(Sequence s, double start) throws IOException, MergedFormatException {
        RunRecord r = s.current;
        switch (r.type()) {
            case QUIET, FENCE -> {
                if (r.type() == FENCE) fenceOrder.fence(s.task); // not null: the run has a fence
                replay.finish(s, start, start + model.local(new Local(r.type(), s.task, r.duration())), 0);
            }
            case MALLOC, FREE -> {
                replay.heap(s.task).record(r);
                replay.finish(s, start, start + r.duration(), 0);
            }
            default -> replay.finish(s, start, start + r.duration(), 0); // as traced
        }
    }
}
