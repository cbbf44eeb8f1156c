package io.shmemtrace.replay.engine;

import io.shmemtrace.merged.format.PsinsType;
import io.shmemtrace.merged.read.CallEntry;
import io.shmemtrace.merged.read.PeSet;
import io.shmemtrace.merged.read.PsinsFile;
import io.shmemtrace.merged.read.PsinsFormatException;
import io.shmemtrace.merged.read.PsinsRecord;
import io.shmemtrace.merged.read.TaskEntry;
import io.shmemtrace.replay.model.Collective;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.Local;
import io.shmemtrace.replay.model.Rma;
import io.shmemtrace.replay.model.RmaCost;
import io.shmemtrace.replay.model.SyncCost;
import io.shmemtrace.replay.model.Target;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.function.LongConsumer;

/**
 * The discrete-event replay (the ShmemTracer paper, Section IV-B): each thread of each task is a sequence of
 * events in program order with a clock of its own; a queue holds the sequences by the time their next event can
 * start. CPU bursts are scaled by the task's node's cpu_ratio; each call costs what the model says; a call that
 * depends on another task blocks until it can go: a collective until its last member arrives, a quiet until the
 * transfers it completes have landed, a wait until the write that released it in the traced run lands, a lock
 * until the previous holder (in traced order) releases it. Memory grows with the sequences and what is in flight,
 * not with the trace's length: each task is read through a small window as it is replayed.
 */
public final class Replay {
    private static final int READ_BUFFER = 4 * 1024;

    private final PsinsFile file;
    private final CommModel model;
    private final Target target;
    private final double[] cpuRatio;
    private final List<Sequence> sequences = new ArrayList<>();
    private final ReadyQueue ready = new ReadyQueue();
    private final CallStats[] calls;
    /** Per task: what it allocated in the symmetric heap (what is not there is static symmetric data). */
    private final SymmetricHeap[] heap;
    /** Per task: the transfers in flight, by the event that completes them. */
    private final PendingCompletions[] completions;
    private final Map<Long, Gathering> gatherings = new HashMap<>();
    private final Map<Integer, Boolean> setSpansNodes = new HashMap<>();
    private final Map<Long, Lock> locks = new HashMap<>();
    private final PriorityQueue<Sequence> pendingWaits =
            new PriorityQueue<>((a, b) -> Double.compare(a.tracedEnd(), b.tracedEnd()));
    /**
     * Per task, the addresses it waits on somewhere in the trace -> the writes whose bytes cover them, in traced
     * order ({traced start, when the waiter sees it}); null for a task that never waits.
     */
    private final NavigableMap<Long, ArrayDeque<double[]>>[] waitedWords;
    private boolean anyWaits;
    private final Horizon horizon;
    /**
     * A task may run ahead of the others until it blocks (no heap operation per event) when no call's cost
     * depends on other tasks' timing and no task has threads (LogGP's injection gap is per task).
     */
    private boolean runAhead;
    private Sequence running;
    private boolean again;
    /** Locks someone waits for, and whether anything that may release a wait or lock happened since the last look. */
    /**
     * Locks with askers, by when their next asker asked in the trace (then creation order): resolve looks only at
     * those the horizon has passed, so a run with thousands of locks costs what is due, not what exists. A lock's
     * place changes with its first asker: taken out before its askers change, put back after.
     */
    private final java.util.TreeSet<Lock> contended = new java.util.TreeSet<>(
            java.util.Comparator.<Lock>comparingDouble(l -> l.waiting.peek().tracedEnd()).thenComparingLong(l -> l.id));
    private long lockIds;
    private double lookedAt = Double.NEGATIVE_INFINITY;
    private boolean changed;
    private long events;
    private long unmatchedWaits;
    private long forced;
    private long onNodeBytes;
    private long offNodeBytes;
    /** Where transfers complete only at their target's library calls: that rule's state; null otherwise. */
    private TargetProgress targetProgress;
    private LongConsumer progress = e -> { };
    private WaitState.Listener waits = (state, call, seconds) -> { };

    /** A collective instance: who has arrived, and when the last did. */
    private static final class Gathering {
        final PsinsType type;
        final String name;
        final int expected;
        final List<Sequence> members = new ArrayList<>();
        double last;
        /** A broadcast's: how many have arrived, and when its root did (NaN until then). */
        int arrived;
        double rootArrival = Double.NaN;

        Gathering(PsinsType type, String name, int expected) {
            this.type = type;
            this.name = name;
            this.expected = expected;
        }
    }

    /** A lock: free since when, and who asks for it, by traced grant order. */
    private static final class Lock {
        final long id;
        boolean held;
        double freeAt;
        final PriorityQueue<Sequence> waiting = new PriorityQueue<>((a, b) -> Double.compare(a.tracedEnd(), b.tracedEnd()));

        Lock(long id) {
            this.id = id;
        }
    }

    public Replay(PsinsFile file, CommModel model, Target target) throws IOException, PsinsFormatException {
        this.file = file;
        this.model = model;
        this.target = target;
        int tasks = file.header().tasks();
        cpuRatio = new double[tasks];
        for (int t = 0; t < tasks; t++) cpuRatio[t] = target.node(t).cpuRatio();
        heap = new SymmetricHeap[tasks];
        for (int t = 0; t < tasks; t++) heap[t] = new SymmetricHeap();
        completions = new PendingCompletions[tasks];
        for (int t = 0; t < tasks; t++) completions[t] = new PendingCompletions();
        calls = new CallStats[file.calls().size()];
        for (int i = 0; i < calls.length; i++) calls[i] = new CallStats();
        for (TaskEntry t : file.tasks()) addSequences(t);
        boolean synchronisesThroughMemory = file.calls().stream().anyMatch(c -> c.type() == PsinsType.WAIT
                || c.type() == PsinsType.TEST || c.type() == PsinsType.SET_LOCK || c.type() == PsinsType.TEST_LOCK);
        horizon = synchronisesThroughMemory ? new Horizon(sequences.size()) : null;
        runAhead = !model.sharesResources() && sequences.size() == file.tasks().stream().filter(t -> t.events() > 0).count();
        @SuppressWarnings("unchecked")
        NavigableMap<Long, ArrayDeque<double[]>>[] words = new NavigableMap[tasks];
        waitedWords = words;
        if (file.calls().stream().anyMatch(c -> c.type() == PsinsType.WAIT || c.type() == PsinsType.TEST)) {
            findWaitedAddresses();
        }
    }

    /**
     * Transfers to the symmetric heap (heap), to static symmetric data (staticData), complete only when their target
     * is in the library (a call of its own) at or after their landing: a quiet waits for a target that computes
     * until that target's next call. Call before {@link #run}.
     */
    public void completionsNeedTarget(boolean heap, boolean staticData) {
        int[] sequencesOf = new int[file.header().tasks()];
        for (Sequence s : sequences) sequencesOf[s.task]++;
        targetProgress = new TargetProgress(sequencesOf, heap, staticData);
        runAhead = false; // completions depend on the other tasks' timelines: keep the tasks close in time
    }

    public void onProgress(LongConsumer eventsDone) {
        this.progress = eventsDone;
    }

    /** Receives every wait the replay finds, by wait-state pattern (with the measured model: the traced run's). */
    public void onWait(WaitState.Listener listener) {
        this.waits = listener;
    }

    /** One sequence per thread: a task's records hold each thread's events together, thread 0 first. */
    private void addSequences(TaskEntry t) throws IOException, PsinsFormatException {
        if (t.events() == 0) return;
        PsinsFile.TaskReader reader = file.reader(t.task(), READ_BUFFER);
        if (t.threads() <= 1 && (t.flags() & io.shmemtrace.merged.format.PsinsLayout.TASK_THREADED) == 0) {
            sequences.add(new Sequence(sequences.size(), t.task(), 0, reader));
            return;
        }
        // Threads: find where each starts, then give each a reader skipped to there (threads are rare).
        PsinsRecord r = new PsinsRecord();
        List<long[]> starts = new ArrayList<>(); // thread, first event
        int thread = -1;
        while (reader.next(r)) {
            if (r.thread() != thread) {
                thread = r.thread();
                starts.add(new long[] {thread, r.event()});
            }
        }
        for (long[] start : starts) {
            PsinsFile.TaskReader from = file.reader(t.task(), READ_BUFFER);
            for (long e = 0; e < start[1]; e++) from.next(r);
            sequences.add(new Sequence(sequences.size(), t.task(), (int) start[0], from));
        }
    }

    /** A first pass over the waits and tests: which (PE, address) pairs writes must be remembered for. */
    private void findWaitedAddresses() throws IOException, PsinsFormatException {
        PsinsRecord r = new PsinsRecord();
        for (TaskEntry t : file.tasks()) {
            PsinsFile.TaskReader reader = file.reader(t.task(), READ_BUFFER);
            while (reader.next(r)) {
                if (r.type() == PsinsType.WAIT || r.type() == PsinsType.TEST) {
                    if (waitedWords[t.task()] == null) waitedWords[t.task()] = new TreeMap<>();
                    waitedWords[t.task()].putIfAbsent(r.address(), new ArrayDeque<>());
                    anyWaits = true;
                }
            }
        }
    }

    /** Replays the whole trace. */
    public Result run() throws IOException, PsinsFormatException, ReplayException {
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
                    if (targetProgress != null && targetProgress.anyWaiting()) wakeProgressWaiters();
                } while (again);
                running = null;
            }
            if (!forceOne()) break;
        }
        List<String> stuck = new ArrayList<>();
        for (Gathering g : gatherings.values()) {
            int arrived = Math.max(g.arrived, g.members.size());
            stuck.add(g.name + " instance: " + arrived + " of " + g.expected + " members arrived"
                    + (g.members.isEmpty() ? "" : " (task " + g.members.get(0).task + " first)"));
        }
        if (!stuck.isEmpty()) {
            throw new ReplayException("the trace's collectives do not match: " + stuck.size() + " never complete, e.g. "
                    + stuck.get(0));
        }
        return new Result(taskTimes(), calls, file.calls(), events, unmatchedWaits, forced, onNodeBytes, offNodeBytes);
    }

    /** Reads the sequence's next event; false at its end (or where its thread's events end). */
    private boolean advance(Sequence s) throws IOException, PsinsFormatException {
        long before = s.reader.nextEvent();
        PsinsFile.TaskReader r = s.reader;
        if (!r.next(s.current)) {
            s.hasCurrent = false;
            return false;
        }
        if (s.current.thread() != s.thread) { // the next thread's events begin: this sequence is done
            s.hasCurrent = false;
            return false;
        }
        s.hasCurrent = true;
        s.readyAt = s.current.type() == PsinsType.INIT ? Math.max(s.clock, s.current.start())
                : s.clock + s.current.burstBefore() * cpuRatio[s.task];
        if (horizon != null) horizon.set(s.index, s.current.start());
        if ((before & 0xFFF) == 0) progress.accept(events);
        return true;
    }

    private void setHorizon(Sequence s) {
        if (horizon != null) horizon.set(s.index, s.hasCurrent ? (s.blocked ? s.tracedEnd() : s.current.start())
                : Double.POSITIVE_INFINITY);
    }

    private void execute(Sequence s) throws IOException, PsinsFormatException, ReplayException {
        PsinsRecord r = s.current;
        double start = s.readyAt;
        if (r.type() != PsinsType.INIT) {
            s.compute += start - s.clock;
            s.tracedCompute += r.burstBefore();
        }
        if (targetProgress != null) targetProgress.entered(s.task, start);
        events++;
        switch (r.type()) {
            case PUT, PUT_NBI, P, IPUT, GET, GET_NBI, G, IGET, ATOMIC, ATOMIC_FETCH -> {
                if (r.target() < 0 || r.target() >= target.tasks()) {
                    throw new ReplayException("task " + s.task + " event #" + r.event() + ": " + r.name() + " to PE "
                            + r.target() + ", outside the run's PEs 0.." + (target.tasks() - 1) + " (a damaged trace)");
                }
                boolean same = target.sameNode(s.task, r.target());
                Rma call = new Rma(r.type(), s.task, r.target(), r.bytes(), same, r.duration(),
                        !heap[s.task].contains(r.address()));
                RmaCost cost = model.rma(call, start);
                double landed = start + cost.complete();
                if (r.completion() >= 0 && r.completion() != r.event()) {
                    boolean needsTarget = targetProgress != null && targetProgress.needsTarget(call.staticData());
                    completions[s.task].add(r.completion(), needsTarget ? r.target() : -1, landed, call.posted());
                    if (needsTarget) targetProgress.serve(r.target(), model.targetService(call));
                }
                if (!call.isGet() && anyWaits) wrote(r.target(), r.address(), r.bytes(), r.start(), start + cost.visible());
                if (same) onNodeBytes += r.bytes();
                else offNodeBytes += r.bytes();
                s.bytesMoved += r.bytes();
                s.messages++;
                finish(s, start, start + cost.inCall(), 0);
            }
            case BARRIER_ALL, BARRIER, SYNC_ALL, SYNC, BROADCAST, COLLECT, FCOLLECT, ALLTOALL, ALLTOALLS, REDUCE ->
                    arrive(s, start);
            case SET_LOCK -> request(s, start);
            case TEST_LOCK -> {
                if (r.result() == 0) request(s, start); // it got the lock: as a set_lock
                else finish(s, start, start + model.local(new Local(r.type(), s.task, r.duration())), 0);
            }
            case CLEAR_LOCK -> {
                Local release = new Local(r.type(), s.task, r.duration(), !heap[s.task].contains(r.lock()));
                double end = start + model.local(release);
                Lock lock = locks.computeIfAbsent(r.lock(), k -> new Lock(lockIds++));
                lock.held = false;
                lock.freeAt = start + model.lockFreed(release);
                changed = true;
                finish(s, start, end, 0);
                tryGrant(lock, false);
            }
            case WAIT, TEST -> {
                s.blocked = true;
                s.arrival = start;
                setHorizon(s);
                pendingWaits.add(s);
                changed = true;
            }
            case QUIET, FENCE -> finish(s, start, start + model.local(new Local(r.type(), s.task, r.duration())), 0);
            case INIT -> {
                finish(s, start, start + r.duration(), 0);
            }
            case MALLOC, FREE -> {
                heap[s.task].record(r);
                finish(s, start, start + r.duration(), 0);
            }
            default -> finish(s, start, start + r.duration(), 0); // library calls and repeats: as traced
        }
    }

    /** Ends the current event at end (no earlier than the transfers it completes), and moves on. */
    private void finish(Sequence s, double start, double end, double waited) throws IOException, PsinsFormatException {
        PsinsRecord r = s.current;
        PendingCompletions pending = completions[s.task];
        if (!pending.isEmpty() && r.type().completesPending()) {
            double landed = pending.take((int) r.event());
            if (targetProgress != null && pending.taken() > 0) {
                s.awaitCount = 0;
                for (int i = 0; i < pending.taken(); i++) s.await(pending.takenTarget(i), pending.takenLanded(i));
                s.awaitStart = start;
                s.awaitEnd = end;
                s.awaitWaited = waited;
                s.awaitPosted = pending.lastTookPosted();
                completeWhenProgressed(s);
                return;
            }
            if (landed > end) end = landed; // false for NaN: nothing to complete
            if (pending.lastTookPosted()) waits.waited(WaitState.NBI_NOT_OVERLAPPED, r, end - start);
        }
        done(s, start, end, waited);
    }

    /** The current event ran from start to end: its statistics, and the sequence's next event. */
    private void done(Sequence s, double start, double end, double waited) throws IOException, PsinsFormatException {
        PsinsRecord r = s.current;
        if (targetProgress != null && r.type() != PsinsType.INIT && r.type() != PsinsType.FINALIZE) {
            end += targetProgress.charge(s.task, waited); // taking others' transfers in this call
        }
        CallStats c = calls[r.call().index()];
        c.calls += r.type() == PsinsType.REPEAT ? r.repeats() : 1;
        c.time += end - start;
        c.wait += waited;
        c.tracedTime += r.duration();
        if (r.type() != PsinsType.REPEAT) c.bytes += bytesOf(r);
        switch (r.type()) {
            case INIT -> {
                s.initEnd = end;
                s.tracedInitEnd = r.start() + r.duration();
            }
            case FINALIZE -> {
                s.finalizeStart = start;
                s.tracedFinalizeStart = r.start();
            }
            default -> {
                s.comm += end - start - waited;
                s.wait += waited;
                s.tracedComm += r.duration();
            }
        }
        s.tracedLastEnd = Math.max(s.tracedLastEnd, r.start() + r.duration());
        s.clock = end;
        s.blocked = false;
        boolean more = advance(s);
        if (targetProgress != null) targetProgress.left(s.task, start, end, more ? s.readyAt : Double.NaN);
        if (!more) setHorizon(s);
        else if (runAhead && s == running) again = true;
        else ready.add(s);
    }

    // --- completions that wait for their targets' progress

    /**
     * Ends s's completing call once every target of the transfers it completes has been in the library since
     * they landed; until the replay of such a target gets that far, s waits (in its call) for it.
     */
    private void completeWhenProgressed(Sequence s) throws IOException, PsinsFormatException {
        double end = s.awaitEnd;
        for (int i = 0; i < s.awaitCount; i++) {
            double completes = targetProgress.completes(s.awaitTargets[i], s.awaitLanded[i]);
            if (Double.isNaN(completes)) {
                if (!s.blocked) { // a collective's member is blocked already, since its arrival
                    s.blocked = true;
                    s.arrival = s.awaitStart;
                    setHorizon(s);
                }
                targetProgress.waitFor(s, s.awaitTargets[i]);
                return;
            }
            end = Math.max(end, completes);
        }
        targetProgress.resumed(s);
        s.awaitCount = 0;
        if (s.awaitPosted) waits.waited(WaitState.NBI_NOT_OVERLAPPED, s.current, end - s.awaitStart);
        done(s, s.awaitStart, end, s.awaitWaited);
    }

    /** Looks again at the sequences waiting for a task's progress, until none can go on. */
    private void wakeProgressWaiters() throws IOException, PsinsFormatException {
        boolean woke = true;
        while (woke && targetProgress.anyWaiting()) {
            woke = false;
            for (Sequence w : targetProgress.takeWaiters()) {
                completeWhenProgressed(w);
                if (!w.awaitingProgress) woke = true;
            }
        }
    }

    private static long bytesOf(PsinsRecord r) {
        return switch (r.type().payload()) {
            case RMA, COLLECTIVE -> r.bytes();
            default -> 0;
        };
    }

    // --- collectives

    private void arrive(Sequence s, double start) throws IOException, PsinsFormatException, ReplayException {
        PsinsRecord r = s.current;
        long k = (long) r.set() << 32 | (r.instance() & 0xFFFFFFFFL);
        Gathering g = gatherings.get(k);
        if (g == null) {
            g = new Gathering(r.type(), r.name(), members(r.set()));
            gatherings.put(k, g);
        } else if (g.type != r.type()) {
            throw new ReplayException("the trace's collectives do not match: task " + s.task + " calls " + r.name()
                    + " where task " + g.members.get(0).task + " called " + g.name + " (set " + r.set() + ", instance "
                    + r.instance() + ")");
        }
        s.blocked = true;
        s.arrival = start;
        setHorizon(s);
        if (r.type() == PsinsType.BROADCAST && r.root() >= 0) {
            broadcast(s, g, k);
            return;
        }
        g.members.add(s);
        g.last = Math.max(g.last, start);
        if (g.members.size() < g.expected) return;
        gatherings.remove(k);
        PeSet set = r.set() < file.peSets().size() ? file.peSets().get(r.set()) : null;
        boolean spans = spansNodes(r.set(), set);
        double release = g.last;
        if (r.type() == PsinsType.BARRIER_ALL || r.type() == PsinsType.BARRIER) {
            // a barrier completes every member's transfers before any member leaves it (their targets, members
            // themselves, are in the library from their arrival: progress adds nothing past the last arrival)
            for (Sequence m : g.members) {
                double landed = completions[m.task].latest((int) m.current.event());
                if (landed > release) release = landed;
            }
        }
        double rootArrival = Double.NaN;
        for (Sequence m : g.members) {
            if (m.current.root() >= 0 && rankOf(m.task, set) == m.current.root()) rootArrival = m.arrival;
        }
        for (Sequence m : g.members) {
            PsinsRecord mr = m.current;
            int rank = rankOf(m.task, set);
            SyncCost cost = model.collective(new Collective(mr.type(), g.expected, rank, mr.root(), mr.bytes(), spans,
                    mr.duration()));
            double end = Math.max(release + cost.afterRelease(), m.arrival + cost.minimum());
            double waited = Math.min(g.last - m.arrival, end - m.arrival);
            reportCollectiveWait(m, mr, g.last, rootArrival, end);
            finish(m, m.arrival, end, waited);
        }
    }

    /**
     * A broadcast synchronises its members with the root only: the root leaves after its own part, each other
     * member once the data has come down from the root (the model's cost after the root's arrival), whoever else
     * is late. Members that arrive before the root wait for it.
     */
    private void broadcast(Sequence s, Gathering g, long key) throws IOException, PsinsFormatException {
        PsinsRecord r = s.current;
        PeSet set = r.set() < file.peSets().size() ? file.peSets().get(r.set()) : null;
        if (++g.arrived == g.expected) gatherings.remove(key);
        if (rankOf(s.task, set) != r.root()) {
            if (Double.isNaN(g.rootArrival)) g.members.add(s); // until the root comes
            else leaveBroadcast(s, g, set);
            return;
        }
        g.rootArrival = s.arrival;
        leaveBroadcast(s, g, set);
        for (Sequence m : g.members) leaveBroadcast(m, g, set);
        g.members.clear();
    }

    private void leaveBroadcast(Sequence m, Gathering g, PeSet set) throws IOException, PsinsFormatException {
        PsinsRecord mr = m.current;
        SyncCost cost = model.collective(new Collective(mr.type(), g.expected, rankOf(m.task, set), mr.root(), mr.bytes(),
                spansNodes(mr.set(), set), mr.duration()));
        double end = Math.max(g.rootArrival + cost.afterRelease(), m.arrival + cost.minimum());
        double waited = Math.max(0, Math.min(g.rootArrival - m.arrival, end - m.arrival));
        if (waited > 0) waits.waited(WaitState.LATE_BROADCAST, mr, waited);
        finish(m, m.arrival, end, waited);
    }

    private static int rankOf(int task, PeSet set) {
        return set == null ? task : (task - set.start()) >> set.logStride();
    }

    /** A member's wait at a collective, by pattern: for the last member, or (broadcast) for the root. */
    private void reportCollectiveWait(Sequence m, PsinsRecord r, double lastArrival, double rootArrival, double end) {
        if (r.type() == PsinsType.BROADCAST) {
            if (!Double.isNaN(rootArrival) && rootArrival > m.arrival) {
                waits.waited(WaitState.LATE_BROADCAST, r, Math.min(rootArrival, end) - m.arrival);
            }
            return;
        }
        double waited = Math.min(lastArrival - m.arrival, end - m.arrival);
        if (waited <= 0) return;
        WaitState state = switch (r.type()) {
            case BARRIER_ALL, BARRIER, SYNC_ALL, SYNC -> WaitState.WAIT_AT_BARRIER;
            default -> WaitState.WAIT_AT_NXN;
        };
        waits.waited(state, r, waited);
    }

    private int members(int setId) {
        if (setId == 0 || setId >= file.peSets().size()) return file.header().tasks();
        return file.peSets().get(setId).size();
    }

    private boolean spansNodes(int setId, PeSet set) {
        return setSpansNodes.computeIfAbsent(setId, id -> {
            int first = -1;
            for (int t = 0; t < file.header().tasks(); t++) {
                if (set != null && !set.contains(t)) continue;
                int node = target.nodeOfTask()[t];
                if (first < 0) first = node;
                else if (node != first) return true;
            }
            return false;
        });
    }

    // --- locks

    private void request(Sequence s, double start) throws IOException, PsinsFormatException {
        s.blocked = true;
        s.arrival = start;
        setHorizon(s);
        Lock lock = locks.computeIfAbsent(s.current.lock(), k -> new Lock(lockIds++));
        if (!lock.waiting.isEmpty()) contended.remove(lock);
        lock.waiting.add(s);
        contended.add(lock);
        changed = true;
        tryGrant(lock, false);
    }

    /** Gives a free lock to the next asker in traced order, once no earlier asker can still come (or forced). */
    private boolean tryGrant(Lock lock, boolean force) throws IOException, PsinsFormatException {
        Sequence next = lock.waiting.peek();
        if (lock.held || next == null) return false;
        if (!force && horizon != null && next.tracedEnd() > horizon.min()) return false;
        contended.remove(lock);
        lock.waiting.poll();
        if (!lock.waiting.isEmpty()) contended.add(lock);
        lock.held = true;
        changed = true;
        double release = Math.max(lock.freeAt, next.arrival);
        SyncCost cost = model.release(new Local(next.current.type(), next.task, next.current.duration(),
                !heap[next.task].contains(next.current.lock())));
        double end = Math.max(release + cost.afterRelease(), next.arrival + cost.minimum());
        double waited = Math.min(release - next.arrival, end - next.arrival);
        if (waited > 0) waits.waited(WaitState.LOCK_CONTENTION, next.current, waited);
        finish(next, next.arrival, end, waited);
        return true;
    }

    // --- waits released by writes

    /**
     * A write to pe of bytes at address, issued at tracedStart in the trace and seen by pe at seen: remembered for
     * every waited word its bytes cover (a strided put: its first bytes' span, the stride not being recorded).
     */
    private void wrote(int pe, long address, long bytes, double tracedStart, double seen) {
        NavigableMap<Long, ArrayDeque<double[]>> words = waitedWords[pe]; // pe checked by execute
        if (words == null) return;
        long end = address + Math.max(1, bytes);
        if (end < address) end = Long.MAX_VALUE; // an address near the top: the range ends there
        for (ArrayDeque<double[]> list : words.subMap(address, true, end, false).values()) {
            remember(list, tracedStart, seen);
        }
    }

    private void remember(ArrayDeque<double[]> list, double tracedStart, double seen) {
        // keep them in traced order; what is before the horizon matters only as the latest such
        double[] w = {tracedStart, seen};
        if (list.isEmpty() || list.peekLast()[0] <= tracedStart) list.addLast(w);
        else {
            ArrayDeque<double[]> sorted = new ArrayDeque<>();
            while (!list.isEmpty() && list.peekLast()[0] > tracedStart) sorted.addFirst(list.pollLast());
            list.addLast(w);
            list.addAll(sorted);
        }
        // a wait ending by h (none is pending before it) can only want the latest write issued by then
        double h = Math.min(horizon.min(), pendingWaits.isEmpty() ? Double.POSITIVE_INFINITY
                : pendingWaits.peek().tracedEnd());
        while (list.size() > 1) {
            double[] first = list.pollFirst();
            if (list.peekFirst()[0] > h) {
                list.addFirst(first);
                break;
            }
        }
    }

    /** Releases the waits and grants the locks that the horizon now allows; cheap when nothing changed. */
    private void resolve() throws IOException, PsinsFormatException {
        double h = horizon.min();
        if (h == lookedAt && !changed) return;
        lookedAt = h;
        changed = false;
        while (!pendingWaits.isEmpty() && pendingWaits.peek().tracedEnd() <= horizon.min()) {
            release(pendingWaits.poll());
        }
        if (!contended.isEmpty()) {
            List<Lock> due = new ArrayList<>();
            double now = horizon.min();
            for (Lock lock : contended) {
                if (lock.waiting.peek().tracedEnd() > now) break; // the rest are later still
                if (!lock.held) due.add(lock);
            }
            for (Lock lock : due) tryGrant(lock, false);
        }
    }

    /** A wait or test released by the latest write to its (PE, address) issued before it ended in the trace. */
    private void release(Sequence s) throws IOException, PsinsFormatException {
        PsinsRecord r = s.current;
        double deadline = s.tracedEnd();
        double landed = Double.NaN;
        ArrayDeque<double[]> list = waitedWords[s.task] == null ? null : waitedWords[s.task].get(r.address());
        if (list != null) {
            for (double[] w : list) {
                if (w[0] > deadline) break;
                landed = w[1];
            }
        }
        if (Double.isNaN(landed)) {
            unmatchedWaits++;
            finish(s, s.arrival, s.arrival + r.duration(), 0); // no write in the trace released it: as traced
            return;
        }
        SyncCost cost = model.release(new Local(r.type(), s.task, r.duration()));
        double end = Math.max(landed + cost.afterRelease(), s.arrival + cost.minimum());
        double waited = Math.max(0, Math.min(landed - s.arrival, end - s.arrival));
        if (waited > 0) waits.waited(WaitState.LATE_WRITER, r, waited);
        finish(s, s.arrival, end, waited);
    }

    /** Nothing can run: release the earliest blocked wait or lock anyway (a trace whose clocks disagree a little). */
    private boolean forceOne() throws IOException, PsinsFormatException {
        Sequence stuck = targetProgress != null ? targetProgress.takeOne() : null;
        if (stuck != null) { // its targets as if they progressed at once
            forced++;
            for (int i = 0; i < stuck.awaitCount; i++) stuck.awaitEnd = Math.max(stuck.awaitEnd, stuck.awaitLanded[i]);
            stuck.awaitCount = 0;
            targetProgress.resumed(stuck);
            done(stuck, stuck.awaitStart, stuck.awaitEnd, stuck.awaitWaited);
            return true;
        }
        Sequence wait = pendingWaits.peek();
        Lock best = null;
        for (Lock l : contended) {
            Sequence n = l.waiting.peek();
            if (!l.held && n != null && (best == null || n.tracedEnd() < best.waiting.peek().tracedEnd())) best = l;
        }
        if (wait == null && best == null) return false;
        forced++;
        if (best == null || (wait != null && wait.tracedEnd() <= best.waiting.peek().tracedEnd())) {
            pendingWaits.poll();
            release(wait);
        } else {
            tryGrant(best, true);
        }
        return true;
    }

    /** Each task's threads together: what it spent, and its window's ends, simulated and traced. */
    private List<TaskTimes> taskTimes() {
        TaskTimes[] byTask = new TaskTimes[file.header().tasks()];
        for (Sequence s : sequences) {
            TaskTimes t = byTask[s.task];
            byTask[s.task] = t == null ? TaskTimes.of(s) : t.with(s);
        }
        List<TaskTimes> list = new ArrayList<>();
        for (TaskTimes t : byTask) if (t != null) list.add(t);
        return list;
    }

    /** What a replay found. */
    public record Result(List<TaskTimes> tasks, CallStats[] calls, List<CallEntry> callTable, long events,
                         long unmatchedWaits, long forced, long onNodeBytes, long offNodeBytes) {}
}
