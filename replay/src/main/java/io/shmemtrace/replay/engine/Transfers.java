package io.shmemtrace.replay.engine;

import static io.shmemtrace.merged.format.RecordType.*;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.Rma;
import io.shmemtrace.replay.model.RmaCost;
import io.shmemtrace.replay.model.Target;
import java.io.IOException;
import java.util.EnumSet;
import java.util.Set;

/**
 * Puts, gets and atomics: the call costs what the model says; the transfer lands later (for the call that
 * completes it) and becomes visible to a poller on its target (for the waits its bytes release).
 */
final class Transfers implements Handler {
    private final Replay replay;
    private final CommModel model;
    private final Target target;
    private final Completions completions;
    private final MemoryWaits memoryWaits;
    /** null where the run has no fence. */
    private final FenceOrder fenceOrder;
    private final Statistics statistics;

    Transfers(Replay replay, Completions completions, MemoryWaits memoryWaits, FenceOrder fenceOrder,
              Statistics statistics) {
        this.replay = replay;
        this.model = replay.model;
        this.target = replay.target;
        this.completions = completions;
        this.memoryWaits = memoryWaits;
        this.fenceOrder = fenceOrder;
        this.statistics = statistics;
    }

    @Override
    public Set<RecordType> types() {
        return EnumSet.of(PUT, PUT_NBI, P, IPUT, PUT_SIGNAL, PUT_SIGNAL_NBI, GET, GET_NBI, G, IGET, ATOMIC, ATOMIC_FETCH);
    }

    @Override
    public void start(Sequence s, double start) throws IOException, MergedFormatException, ReplayException {
        RunRecord r = s.current;
        if (r.target() < 0 || r.target() >= target.tasks()) {
            throw new ReplayException("PE " + s.task + " event #" + r.event() + ": " + r.name() + " to PE "
                    + r.target() + ", outside the run's PEs 0.." + (target.tasks() - 1) + " (a damaged trace)");
        }
        boolean same = target.sameNode(s.task, r.target());
        Rma call = new Rma(r.type().pricedAs(), s.task, r.target(), r.bytes(), same, r.duration(),
                !r.movedToHeap() && !replay.heap(s.task).contains(r.address()), r.madePosted());
        RmaCost cost = model.rma(call, start);
        double landed = start + cost.complete(), visible = start + cost.visible();
        if (fenceOrder != null && !call.isGet() && !model.seesWritesAsTraced()) { // in the order fences give them
            // the target takes it after the writes before the fence: no earlier than they were delivered, plus its
            // own taking (a flag behind a 2 KiB message on shared memory: 0.3 us after the message, not at once)
            double floor = fenceOrder.floor(s.task, r.target()) + model.targetService(call);
            if (floor > landed) landed = floor; // false for NaN: no fence orders it
            if (floor > visible) visible = floor;
            fenceOrder.wrote(s.task, r.target(), visible);
        }
        // a deferred call's completion keys what completes it (-1: nothing does); a key may be its own event (a group's first)
        if (r.completion() >= 0 && (r.call().deferred() || r.madePosted())) completions.add(s, r, call, landed);
        else if (call.roundTrip()) completions.answered(call);
        double end = start + cost.inCall();
        if (!call.isGet()) memoryWaits.wrote(s, r.target(), r.address(), r.bytes(), r.start(), start, end, visible);
        // The signal word is written after the data, and seen with it.
        if (r.type().signals()) memoryWaits.wrote(s, r.target(), r.signal(), Long.BYTES, r.start(), start, end, visible);
        statistics.transferred(s, r.bytes(), same);
        replay.finish(s, start, end, 0);
    }
}
