package io.shmemtrace.replay.engine;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.read.PeEntry;
import io.shmemtrace.merged.read.RecordReader;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.Local;
import io.shmemtrace.replay.model.SyncCost;
import io.shmemtrace.waits.WaitState;
import io.shmemtrace.waits.WaitedSpans;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.EnumSet;
import java.util.PriorityQueue;
import java.util.Set;
import static io.shmemtrace.merged.format.RecordType.*;

/**
 * Waits and tests on symmetric memory, released by writes: a wait ends once the write that released it in the
 * traced run (the latest write covering its word issued before it ended there) is visible in the replay. Which
 * write that is can be told once the horizon has passed the wait's traced end.
 */
final class MemoryWaits implements Handler {
    private final Replay replay;
    private final CommModel model;
    private final Statistics statistics;
    /** The spans each task waits on somewhere in the trace -> the writes that reach them, in traced order. */
    private final WaitedSpans<ArrayDeque<double[]>> waited;
    private final PriorityQueue<Sequence> pending = new PriorityQueue<>((a, b) -> Double.compare(a.tracedEnd(), b.tracedEnd()));
    /** The slots of a remembered write (remember). */
    private static final int TRACED_START = 0, SEEN = 1, START = 2, WRITER = 3, WRITER_EVENT = 4, CALL_END = 5,
            WRITER_TASK = 6, SLOTS = 7;
    /** How long a writer that went on computing held its write (Model progress messages=sender). */
    private final Completions senders;

    MemoryWaits(Replay replay, Statistics statistics, Completions senders) throws IOException, MergedFormatException {
        this.replay = replay;
        this.senders = senders;
        this.model = replay.model;
        this.statistics = statistics;
        waited = new WaitedSpans<>(replay.file.header().tasks(), ArrayDeque::new);
        if (replay.file.calls().stream().anyMatch(c -> c.type() == WAIT || c.type() == TEST)) findWaitedAddresses(replay.file);
    }

    @Override
    public Set<RecordType> types() {
        return EnumSet.of(WAIT, TEST);
    }

    /** A first pass over the waits and tests: which (PE, address) pairs writes must be remembered for. */
    private void findWaitedAddresses(MergedFile file) throws IOException, MergedFormatException {
        RunRecord r = new RunRecord();
        for (PeEntry t : file.tasks()) {
            RecordReader reader = file.reader(t.task(), Replay.readBuffer(1)); // one task at a time
            while (reader.next(r)) {
                if (r.type() == WAIT || r.type() == TEST) waited.waitsOn(t.task(), r.address(), r.bytes());
            }
        }
    }

    @Override
    public void start(Sequence s, double start) {
        replay.block(s, start);
        pending.add(s);
        replay.changed();
    }

    /**
     * A write to pe of bytes at address, issued at tracedStart in the trace (at start in the replay, by a call that
     * ends at callEnd) and seen by pe at seen: remembered for every waited span it reaches ({@link WaitedSpans}).
     */
    void wrote(Sequence writer, int pe, long address, long bytes, double tracedStart, double start, double callEnd,
               double seen) {
        if (waited.any()) {
            double[] w = new double[SLOTS];
            w[TRACED_START] = tracedStart;
            w[SEEN] = seen;
            w[START] = start;
            w[WRITER] = writer.index;
            w[WRITER_EVENT] = writer.current.event();
            w[CALL_END] = callEnd;
            w[WRITER_TASK] = writer.task;
            waited.reached(pe, address, bytes, writes -> remember(writes, w));
        }
    }

    /**
     * The writes that reach a waited span, in traced order: w's slots are the write's traced start, when the waiter
     * sees it, its replayed start, the writer's sequence and event (for an {@link Observer}: what released the wait),
     * the writing call's replayed end and the writer's task; one array for every span the write reaches.
     */
    private void remember(ArrayDeque<double[]> list, double[] w) {
        double tracedStart = w[TRACED_START];
        // keep them in traced order; what is before the horizon matters only as the latest such
        if (list.isEmpty() || list.peekLast()[TRACED_START] <= tracedStart) list.addLast(w);
        else {
            ArrayDeque<double[]> sorted = new ArrayDeque<>();
            while (!list.isEmpty() && list.peekLast()[TRACED_START] > tracedStart) sorted.addFirst(list.pollLast());
            list.addLast(w);
            list.addAll(sorted);
        }
        // a wait ending by h (none is pending before it) can only want the latest write issued by then
        double h = Math.min(replay.horizon.min(), pending.isEmpty() ? Double.POSITIVE_INFINITY : pending.peek().tracedEnd());
        while (list.size() > 1) {
            double[] first = list.pollFirst();
            if (list.peekFirst()[TRACED_START] > h) {
                list.addFirst(first);
                break;
            }
        }
    }

    @Override
    public boolean holds() {
        return !pending.isEmpty();
    }

    @Override
    public void resolve() throws IOException, MergedFormatException {
        while (!pending.isEmpty() && pending.peek().tracedEnd() <= replay.horizon.min()) release(pending.poll());
    }

    @Override
    public double earliestHeld() {
        return pending.isEmpty() ? Double.POSITIVE_INFINITY : pending.peek().tracedEnd();
    }

    @Override
    public void forceEarliest() throws IOException, MergedFormatException {
        release(pending.poll());
    }

    /** A wait or test released by the latest write to its (PE, address) issued before it ended in the trace. */
    private void release(Sequence s) throws IOException, MergedFormatException {
        RunRecord r = s.current;
        double deadline = s.tracedEnd();
        double landed = Double.NaN;
        double[] by = null;
        ArrayDeque<double[]> list = waited.at(s.task, r.address());
        if (list != null) {
            for (double[] w : list) {
                if (w[TRACED_START] > deadline) break;
                landed = model.seesWritesAsTraced() ? Math.min(w[SEEN], w[START] + (deadline - w[TRACED_START])) : w[SEEN];
                by = w;
            }
        }
        if (by != null) landed += senders.senderDelay((int) by[WRITER_TASK], s.task, by[CALL_END]);
        if (Double.isNaN(landed)) {
            statistics.unmatchedWaits++;
            replay.finish(s, s.arrival, s.arrival + r.duration(), 0); // no write in the trace released it: as traced
            return;
        }
        SyncCost cost = model.release(new Local(r.type(), s.task, r.duration()));
        double end = Math.max(landed + cost.afterRelease(), s.arrival + cost.minimum());
        double waited = Math.max(0, Math.min(landed - s.arrival, end - s.arrival));
        if (waited > 0) {
            replay.waits.waited(WaitState.LATE_WRITER, r, waited);
            replay.causedBy(s, (int) by[WRITER], (long) by[WRITER_EVENT]);
        }
        replay.finish(s, s.arrival, end, waited);
    }
}
