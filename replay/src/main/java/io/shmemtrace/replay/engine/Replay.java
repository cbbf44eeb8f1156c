package io.shmemtrace.replay.engine;

import io.shmemtrace.merged.format.MergedLayout;
import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.CallEntry;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.read.PeEntry;
import io.shmemtrace.merged.read.RecordReader;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.Target;
import io.shmemtrace.waits.WaitState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * The discrete-event replay (the ShmemTracer paper, Section IV-B): each thread of each task is a sequence of
 * events in program order with a clock of its own; a queue holds the sequences by the time their next event can
 * start. CPU bursts are scaled by the task's node's cpu_ratio; each event goes to the handler of its record type,
 * which prices it with the model and ends it, or blocks its sequence until what it depends on has happened:
 * {@link CollectiveCalls} until the last member arrives, {@link Locks} until the previous holder (in traced
 * order) releases, {@link MemoryWaits} until the write that released the wait in the traced run lands, and any
 * completing call ({@link Completions}) until the transfers it completes have landed. When nothing can run, the
 * earliest blocked wait or lock is released anyway. What the replay measures is kept by {@link Statistics}.
 * Memory grows with the sequences and what is in flight, not with the trace's length: each task is read through
 * a small window as it is replayed.
 */
public final class Replay {
    /**
     * What the tasks' read windows take together, and the most one takes: 4 KB a task at 16,384 tasks was 64 MB
     * of windows that each event touched a new line of (under G1 the replay 7 % slower than with 1 KB; under the
     * serial collector as fast, 50 MB more peak RSS), while a few tasks of millions of events want large reads.
     */
    private static final int READ_BUFFERS_TOTAL = 16 << 20, READ_BUFFER_MAX = 64 << 10;

    /** The read window of each of tasks' readers: an equal share of the total, 1 KB to 64 KB. */
    static int readBuffer(int tasks) {
        return Math.max(1024, Math.min(READ_BUFFER_MAX, READ_BUFFERS_TOTAL / Math.max(1, tasks)));
    }

    final MergedFile file;
    final CommModel model;
    final Target target;
    /** The earliest traced time a sequence may still act at; null when nothing synchronises through memory. */
    final Horizon horizon;
    /** Where every wait the replay finds goes (wait states). */
    WaitState.Listener waits = (state, call, seconds) -> { };

    private final double[] cpuRatio;
    private final List<Sequence> sequences = new ArrayList<>();
    private final ReadyQueue ready = new ReadyQueue();
    /** Per task: what it allocated in the symmetric heap (what is not there is static symmetric data). */
    private final SymmetricHeap[] heap;
    private final Statistics statistics;
    private final Completions completions;
    /** The handlers, in the order they are asked to release and force (waits before locks). */
    private final List<Handler> handlers = new ArrayList<>();
    /** The handler of each record type (by ordinal); types none owns take their traced time. */
    private final Handler[] byType = new Handler[RecordType.values().length];
    /**
     * A task may run ahead of the others until it blocks (no heap operation per event) when no call's cost
     * depends on other tasks' timing and no task has threads (LogGP's injection gap is per task).
     */
    private boolean runAhead;
    private Sequence running;
    private boolean again;
    /** The horizon at the last look for what it releases, and whether anything has changed since. */
    private double lookedAt = Double.NEGATIVE_INFINITY;
    private boolean changed;
    /**
     * False when no handler held anything at the last look and nothing has changed since (what a handler starts to
     * hold it reports through {@link #changed}): the horizon then need not be read at every event.
     */
    private boolean mayHold = true;
    private LongConsumer progress = e -> { };
    /** The analyses watching the replay, or null (one test per event when there are none). */
    private Observer observer;
    /** A what-if's change to the program's bursts, or null. */
    private Bursts bursts;
    /** A what-if's change to the program's calls (runs merged into one, transfers made posted), or null. */
    private ChangedCalls merged;

    public Replay(MergedFile file, CommModel model, Target target) throws IOException, MergedFormatException {
        this.file = file;
        this.model = model;
        this.target = target;
        int tasks = file.header().tasks();
        cpuRatio = new double[tasks];
        for (int t = 0; t < tasks; t++) cpuRatio[t] = target.node(t).cpuRatio();
        heap = new SymmetricHeap[tasks];
        for (int t = 0; t < tasks; t++) heap[t] = new SymmetricHeap();
        for (PeEntry t : file.tasks()) addSequences(t);
        int[] taskOf = new int[sequences.size()];
        for (Sequence s : sequences) taskOf[s.index] = s.task;
        statistics = new Statistics(file.calls().size(), taskOf, file.regionNames());
        boolean synchronisesThroughMemory = file.calls().stream().anyMatch(c -> c.type() == RecordType.WAIT
                || c.type() == RecordType.TEST || c.type() == RecordType.SET_LOCK || c.type() == RecordType.TEST_LOCK);
        horizon = synchronisesThroughMemory ? new Horizon(sequences.size()) : null;
        runAhead = !model.sharesResources() && sequences.size() == file.tasks().stream().filter(t -> t.events() > 0).count();
        completions = new Completions(this, model, tasks);
        MemoryWaits memoryWaits = new MemoryWaits(this, statistics, completions);
        boolean fences = file.calls().stream().anyMatch(c -> c.type() == RecordType.FENCE);
        FenceOrder fenceOrder = fences ? new FenceOrder(tasks) : null; // nothing to order in a run without fences
        register(new Transfers(this, completions, memoryWaits, fenceOrder, statistics));
        register(new CollectiveCalls(this, completions));
        register(memoryWaits);
        register(new Locks(this, completions));
        Handler local = new LocalCalls(this, fenceOrder);
        register(local);
        for (int i = 0; i < byType.length; i++) if (byType[i] == null) byType[i] = local;
    }

    private void register(Handler h) {
        handlers.add(h);
        for (RecordType t : h.types()) byType[t.ordinal()] = h;
    }

    /**
     * Transfers to the symmetric heap (heap), to static symmetric data (staticData), complete only when their target
     * is in the library (a call of its own) at or after their landing: a quiet waits for a target that computes
     * until that target's next call. Call before {@link #run}.
     */
    public void completionsNeedTarget(boolean heap, boolean staticData) {
        completions.needTarget(sequencesOf(), heap, staticData);
        runAhead = false; // completions depend on the other tasks' timelines: keep the tasks close in time
    }

    /**
     * Messages leave only while their sender is in the library (Model progress messages=sender): a collective's last
     * member's at its next library call (the others leave no earlier than that call), a write that released a wait
     * or a lock's release at its sender's next call where the sender went on computing. Call before {@link #run}.
     */
    public void messagesNeedSender() {
        completions.needSender(sequencesOf());
        runAhead = false; // a sender's next call is asked after it: keep the tasks close in time
    }

    /** Per task, how many sequences (threads) it has. */
    private int[] sequencesOf() {
        int[] sequencesOf = new int[file.header().tasks()];
        for (Sequence s : sequences) sequencesOf[s.task]++;
        return sequencesOf;
    }

    /** The sequences replayed (one per thread of each task): an {@link Observer}'s sequence numbers are below it. */
    public int sequences() {
        return sequences.size();
    }

    /** Hands every event, as it is timed, to observer (the analyses of a run). Call before {@link #run}. */
    public void observe(Observer observer) {
        this.observer = observer;
    }

    /** Changes the CPU bursts as bursts says (a what-if on the program). Call before {@link #run}. */
    public void changeBursts(Bursts bursts) {
        this.bursts = bursts;
    }

    /** Changes the program's calls as merged says (a what-if on the program). Call before {@link #run}. */
    public void changeCalls(ChangedCalls merged) {
        this.merged = merged;
    }

    public void onProgress(LongConsumer eventsDone) {
        this.progress = eventsDone;
    }

    /** Receives every wait the replay finds, by wait-state pattern (with the measured model: the traced run's). */
    public void onWait(WaitState.Listener listener) {
        this.waits = listener;
    }

    /** One sequence per thread: a task's records hold each thread's events together, thread 0 first. */
    private void addSequences(PeEntry t) throws IOException, MergedFormatException {
        if (t.events() == 0) return;
        int window = readBuffer(file.header().tasks());
        RecordReader reader = file.reader(t.task(), window);
        if (t.threads() <= 1 && (t.flags() & MergedLayout.TASK_THREADED) == 0) {
            sequences.add(new Sequence(sequences.size(), t.task(), 0, reader));
            return;
        }
        // Threads: find where each starts, then give each a reader skipped to there (threads are rare).
        RunRecord r = new RunRecord();
        List<long[]> starts = new ArrayList<>(); // thread, first event
        int thread = -1;
        while (reader.next(r)) {
            if (r.thread() != thread) {
                thread = r.thread();
                starts.add(new long[] {thread, r.event()});
            }
        }
        for (long[] start : starts) {
            RecordReader from = file.reader(t.task(), window);
            for (long e = 0; e < start[1]; e++) from.next(r);
            sequences.add(new Sequence(sequences.size(), t.task(), (int) start[0], from));
        }
    }

    /** Replays the whole trace. */
    public Result run() throws IOException, MergedFormatException, ReplayException {
        for (Sequence s : sequences) {
            if (advance(s)) ready.add(s);
            else setHorizon(s);
        }
        while (true) {
            while (!ready.isEmpty()) {
                Sequence s = ready.poll();
                running = s;
                do {
                    again = false;
                    execute(s);
                    if (horizon != null) resolve();
                    completions.wakeProgressWaiters();
                } while (again);
                running = null;
            }
            if (!forceOne()) break;
        }
        progress.accept(statistics.events);
        for (Handler h : handlers) {
            String why = h.unfinished();
            if (why != null) throw new ReplayException(why);
        }
        Statistics st = statistics;
        return new Result(st.taskTimes(file.header().tasks()), st.calls, file.calls(), st.events, st.unmatchedWaits,
                st.forced, st.onNodeBytes, st.offNodeBytes, st.regionTimes());
    }

    /** Reads the sequence's next event; false at its end (or where its thread's events end). */
    private boolean advance(Sequence s) throws IOException, MergedFormatException {
        double carried = 0; // the bursts of skipped calls that stay in the program
        while (true) {
            if (!s.reader.next(s.current) || s.current.thread() != s.thread) { // the end, or the next thread's events
                s.hasCurrent = false;
                return false;
            }
            RunRecord r = s.current;
            double burst = r.burstBefore() * cpuRatio[s.task];
            if (bursts != null) burst = bursts.burst(s.task, r, burst);
            ChangedCalls.Fate fate = merged == null ? ChangedCalls.Fate.KEEP : merged.fate(s.task, r);
            if (fate == ChangedCalls.Fate.SKIP_KEEPING_BURST) carried += burst;
            if (fate == ChangedCalls.Fate.SKIP_KEEPING_BURST || fate == ChangedCalls.Fate.SKIP) continue;
            s.hasCurrent = true;
            s.readyAt = r.type() == RecordType.INIT ? Math.max(s.clock, r.start())
                    : s.clock + carried + (fate == ChangedCalls.Fate.CARRY ? 0 : burst);
            if (horizon != null) horizon.set(s.index, r.start());
            return true;
        }
    }

    private void setHorizon(Sequence s) {
        if (horizon != null) horizon.set(s.index, s.hasCurrent ? (s.blocked ? s.tracedEnd() : s.current.start())
                : Double.POSITIVE_INFINITY);
    }

    private void execute(Sequence s) throws IOException, MergedFormatException, ReplayException {
        RunRecord r = s.current;
        double start = s.readyAt;
        if (r.type() != RecordType.INIT) statistics.computed(s, start - s.clock, r.burstBefore());
        if (r.type().payload() != RecordType.Payload.REGION) completions.entered(s.task, start); // a library call
        if ((++statistics.events & 0xFFF) == 0) progress.accept(statistics.events);
        if (observer != null) observer.started(s.index, s.task, r, s.clock, start);
        byType[r.type().ordinal()].start(s, start);
    }

    // --- what handlers ask of the engine

    SymmetricHeap heap(int task) {
        return heap[task];
    }

    /** Something happened that may release a wait or a lock: look again even if the horizon has not moved. */
    void changed() {
        changed = true;
    }

    /** s's current event started at start and cannot end yet: it holds the horizon at its traced end. */
    void block(Sequence s, double start) {
        s.blocked = true;
        s.arrival = start;
        setHorizon(s);
    }

    /** Ends s's current event at end (no earlier than the transfers it completes), and moves s on. */
    void finish(Sequence s, double start, double end, double waited) throws IOException, MergedFormatException {
        completions.finish(s, start, end, waited);
    }

    /**
     * s's current event waits for event `event` of sequence `by` (before {@link #finish}): what an {@link Observer}
     * is told released it. Its own sequence is no cause.
     */
    void causedBy(Sequence s, int by, long event) {
        if (by == s.index) return;
        s.causeSeq = by;
        s.causeEvent = event;
    }

    /** s's current event ran from start to end: its statistics, and the sequence's next event. */
    void done(Sequence s, double start, double end, double waited) throws IOException, MergedFormatException {
        RunRecord r = s.current;
        if (r.type() != RecordType.INIT && r.type() != RecordType.FINALIZE) {
            end += completions.charge(s.task, waited); // taking others' transfers in this call
        }
        statistics.ended(s, r, start, end, waited);
        if (observer != null) observer.ended(s.index, s.task, r, start, end, waited, s.causeSeq, s.causeEvent);
        s.causeSeq = -1;
        s.clock = end;
        s.blocked = false;
        boolean more = advance(s);
        completions.left(s.task, start, end, more ? s.readyAt : Double.NaN);
        if (!more) setHorizon(s);
        else if (runAhead && s == running) again = true;
        else ready.add(s);
    }

    /** Releases the waits and grants the locks that the horizon now allows; cheap when nothing changed. */
    private void resolve() throws IOException, MergedFormatException {
        if (!changed && !mayHold) return; // nothing blocked that the horizon could release: no need to read it
        double h = horizon.min();
        if (h == lookedAt && !changed) return;
        lookedAt = h;
        changed = false;
        mayHold = false;
        for (Handler handler : handlers) {
            handler.resolve();
            mayHold |= handler.holds();
        }
    }

    /** Nothing can run: release the earliest blocked wait or lock anyway (a trace whose clocks disagree a little). */
    private boolean forceOne() throws IOException, MergedFormatException {
        if (completions.forceOne()) { // its targets as if they progressed at once
            statistics.forced++;
            return true;
        }
        Handler earliest = null;
        double at = Double.POSITIVE_INFINITY;
        for (Handler h : handlers) {
            double t = h.earliestHeld();
            if (t < at) {
                at = t;
                earliest = h;
            }
        }
        if (earliest == null) return false;
        statistics.forced++;
        earliest.forceEarliest();
        return true;
    }

    /** What a replay found. */
    /** regions: the program's regions (shmemtrace.h), traced and predicted. */
    public record Result(List<PeTimes> tasks, CallStats[] calls, List<CallEntry> callTable, long events,
                         long unmatchedWaits, long forced, long onNodeBytes, long offNodeBytes,
                         List<RegionTimes.Region> regions) {}
}
