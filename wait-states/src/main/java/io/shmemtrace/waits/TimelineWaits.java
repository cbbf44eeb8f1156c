package io.shmemtrace.waits;

import io.shmemtrace.format.Operation;
import io.shmemtrace.format.sites.SiteKey;
import io.shmemtrace.format.sites.Symbolizer;
import io.shmemtrace.io.Messages;
import io.shmemtrace.io.Progress;
import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.merge.MergedRun;
import io.shmemtrace.merged.merge.RunException;
import io.shmemtrace.merged.merge.RunReading;
import io.shmemtrace.merged.read.CallEntry;
import io.shmemtrace.merged.read.Host;
import io.shmemtrace.merged.read.PeConverter;
import io.shmemtrace.merged.read.PeSet;
import io.shmemtrace.merged.read.RunRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The traced run's wait states, from its own timeline on the merge's aligned clocks, with no replay: what each
 * call spent waiting for another PE, as the traces show it.
 * <ul>
 * <li>A member of a collective waits from its arrival (its call's start) for the last member's; at a broadcast,
 * for its root's.
 * <li>A set_lock, or a test_lock that got the lock, waits from its start for the release of the hold granted
 * before it (the start of that hold's clear_lock: the lock is handed over inside it), holds in the order they
 * were granted (their set_lock's return).
 * <li>A wait or test waits for the write that released it: the latest put or atomic to its word started before
 * it returned, seen at that write's return.
 * <li>A call that completed _nbi transfers (a quiet, a barrier, ...) spent the rest of its time on them: the
 * part of the transfers that computation did not hide.
 * </ul>
 * A wait is part of its call: one the clocks put past the call's end is counted at the call's time, and said
 * ({@link WaitStates#beyondCall}). The run is read as a merge hands it over, with no merged copy; a run with
 * waits or tests is read a second time, for the writes that reach their words.
 */
public final class TimelineWaits implements PeConverter {
    private static final String SOURCE = "; the traced run's, from its timeline on the aligned clocks";
    private static final double NO_TIME = Double.NaN;
    private static final WaitState[] STATES = WaitState.values();

    private final Messages messages;
    private Progress bar;
    private final WaitStates states = new WaitStates(SOURCE);

    /** Collective calls that synchronise: key their instance's slot, value their pattern (high) and root (low). */
    private final HeldCalls collectives = new HeldCalls();
    /** Per PE set, per instance: its slot + 1 (0: none yet). A run of 157 M barriers a PE has as many instances. */
    private SpilledLongs[] slotsBySet = new SpilledLongs[1];
    private int slots;
    private int tasks;
    /** Per instance slot, four words: its set, its last member's arrival, its root's arrival (raw bits), its members. */
    private final SpilledLongs instances = new SpilledLongs();
    private static final int SET = 0, LAST_ARRIVAL = 1, ROOT_ARRIVAL = 2, MEMBERS = 3, INSTANCE_WORDS = 4;

    /** Lock holds (set_lock, test_lock that got it): key the lock, value its release (raw bits; NaN: not seen). */
    private final HeldCalls holds = new HeldCalls();
    /** Waits and tests: key the waited address (its span is the words' concern: {@link WaitedWords}). */
    private final HeldCalls waits = new HeldCalls();
    private WaitedWords words;

    // The current task's state.
    /**
     * Its _nbi calls not completed yet: a bit per event (java.util.BitSet looks for its new highest word at every
     * clear, which costs as much as the events before when the call cleared is the latest), and how many.
     */
    private long[] postedPending = new long[1024];
    private int postedCount;
    /** The words of postedPending this task has set, from 0: what the next task clears (one PE may have far more events). */
    private int postedWords;
    /** Its holds not released yet, by the event of the call that took the lock (the merge pairs them). */
    private final Map<Long, Integer> openHolds = new HashMap<>();

    // The run's tables, once it is read.
    private List<CallEntry> calls;
    private List<String> regionNames;
    private List<PeSet> peSets;
    private List<SiteKey> sites = List.of();
    private Map<String, String> buildIds = Map.of();

    private TimelineWaits(Messages messages) {
        this.messages = messages;
    }

    /**
     * The wait states of run (a run directory, merged as it is read as reading says, or a merged file); what is read
     * around and the notes on the result said to messages, with its bars; a RunException when it cannot be read.
     */
    public static WaitStates of(Path run, RunReading reading, Messages messages) throws IOException, RunException {
        TimelineWaits t = new TimelineWaits(messages);
        MergedRun.convertPes(run, reading, messages, t);
        if (t.waits.size > 0) {
            // the merge said what there was to say about the run the first time: only a failure now is news
            MergedRun.convertPes(run, reading, Messages.SILENT, t.new Writes());
        }
        return t.result(messages::say);
    }

    @Override
    public void start(int tasks, long baseRealNs, String runId, List<Host> hosts) {
        this.tasks = tasks;
        words = new WaitedWords(tasks);
        bar = messages.progress("wait states", tasks, "PEs");
    }

    @Override
    public void beginTask(int task) {
        Arrays.fill(postedPending, 0, postedWords, 0);
        postedCount = 0;
        postedWords = 0;
        openHolds.clear();
    }

    @Override
    public void record(RunRecord r, long[] completes, int n) {
        boolean completedPosted = false;
        for (int i = 0; i < n && postedCount > 0; i++) {
            int word = (int) (completes[i] >>> 6);
            long bit = 1L << completes[i];
            if (word < postedPending.length && (postedPending[word] & bit) != 0) {
                completedPosted = true;
                postedPending[word] &= ~bit;
                postedCount--;
            }
        }
        RecordType type = r.type();
        boolean held = switch (type.payload()) {
            case RMA -> {
                if (r.call().deferred() && type.posted()) posted(r.event());
                yield false;
            }
            case COLLECTIVE -> collective(r, completedPosted);
            case LOCK -> lock(r, completedPosted);
            case SYNC -> { // a wait or test
                waits.add(r, completedPosted, r.address(), 0);
                words.waitsOn(r.task(), r.address(), r.bytes());
                yield true;
            }
            default -> false;
        };
        // a call that waits for no other PE: what it completed took all of it
        if (!held && completedPosted && r.duration() > 0) {
            states.add(WaitState.NBI_NOT_OVERLAPPED, r.task(), r.call().index(), r.site(), r.enclosingRegion(), r.duration());
        }
    }

    private void posted(long event) {
        int word = (int) (event >>> 6);
        if (word >= postedPending.length) postedPending = Arrays.copyOf(postedPending, Math.max(word + 1, 2 * postedPending.length));
        postedPending[word] |= 1L << event;
        postedCount++;
        postedWords = Math.max(postedWords, word + 1);
    }

    /** A collective call: kept where it synchronises, its instance's last arrival noted; false where it is not kept. */
    private boolean collective(RunRecord r, boolean completedPosted) {
        boolean broadcast = r.type() == RecordType.BROADCAST;
        if (r.synchronisesNoOne() || broadcast && r.root() < 0) return false;
        int slot = slot(r.set(), r.instance());
        if (r.start() > instance(slot, LAST_ARRIVAL)) setInstance(slot, LAST_ARRIVAL, r.start());
        long members = (long) INSTANCE_WORDS * slot + MEMBERS;
        instances.set(members, instances.get(members) + 1);
        WaitState state = broadcast ? WaitState.LATE_BROADCAST : WaitState.atCollective(r.type());
        collectives.add(r, completedPosted, slot, (long) state.ordinal() << 32 | (r.root() & 0xFFFFFFFFL));
        return true;
    }

    /** The slot of a collective instance (PE set, instance: the merge's matching). */
    private int slot(int set, int instance) {
        if (set >= slotsBySet.length) slotsBySet = Arrays.copyOf(slotsBySet, Math.max(set + 1, 2 * slotsBySet.length));
        SpilledLongs bySet = slotsBySet[set];
        if (bySet == null) bySet = slotsBySet[set] = new SpilledLongs();
        bySet.ensure(instance + 1L);
        long slotPlusOne = bySet.get(instance);
        if (slotPlusOne == 0) {
            instances.ensure((long) INSTANCE_WORDS * (slots + 1));
            instances.set((long) INSTANCE_WORDS * slots + SET, set);
            setInstance(slots, LAST_ARRIVAL, Double.NEGATIVE_INFINITY);
            setInstance(slots, ROOT_ARRIVAL, NO_TIME);
            slotPlusOne = ++slots;
            bySet.set(instance, slotPlusOne);
        }
        return (int) slotPlusOne - 1;
    }

    private double instance(int slot, int word) {
        return Double.longBitsToDouble(instances.get((long) INSTANCE_WORDS * slot + word));
    }

    private void setInstance(int slot, int word, double time) {
        instances.set((long) INSTANCE_WORDS * slot + word, Double.doubleToRawLongBits(time));
    }

    /** A lock call: a hold kept (set_lock, or a test_lock that got the lock), or a clear_lock ending one. */
    private boolean lock(RunRecord r, boolean completedPosted) {
        if (r.type() == RecordType.CLEAR_LOCK) {
            Integer hold = openHolds.remove((long) r.partner()); // the set_lock or test_lock it releases
            if (hold != null) holds.setValue(hold, Double.doubleToRawLongBits(r.start()));
            return false;
        }
        if (r.type() == RecordType.TEST_LOCK && r.result() != 0) return false; // it did not get the lock: no wait
        openHolds.put(r.event(), holds.add(r, completedPosted, r.lock(), Double.doubleToRawLongBits(NO_TIME)));
        return true;
    }

    @Override
    public void endTask(int task) {
        bar.update(task + 1, 0);
    }

    @Override
    public void callSites(List<SiteKey> sites, Map<String, String> buildIds) {
        this.sites = sites;
        this.buildIds = buildIds;
    }

    @Override
    public void finish(List<CallEntry> calls, List<String> regionNames, List<PeSet> peSets) {
        bar.done();
        this.calls = calls;
        this.regionNames = regionNames;
        this.peSets = peSets;
    }

    /** The waits, once the run is read (and its writes, where it waits); notes: what naming the call sites found. */
    private WaitStates result(java.util.function.Consumer<String> notes) {
        states.tables(calls, Symbolizer.names(sites, buildIds, notes), regionNames);
        for (int i = 0; i < collectives.size; i++) { // a broadcast's root: the member whose rank in the set is the root
            int slot = (int) collectives.key(i);
            if (state(collectives, i) == WaitState.LATE_BROADCAST
                    && rank(collectives.task(i), set(slot)) == (int) collectives.value(i)) {
                setInstance(slot, ROOT_ARRIVAL, collectives.start(i));
            }
        }
        for (int i = 0; i < collectives.size; i++) {
            int slot = (int) collectives.key(i);
            if (!complete(slot)) {
                states.neverCompleted();
                continue;
            }
            WaitState state = state(collectives, i);
            count(state, collectives, i, instance(slot, state == WaitState.LATE_BROADCAST ? ROOT_ARRIVAL : LAST_ARRIVAL));
        }
        collectives.release();
        instances.release();
        for (SpilledLongs bySet : slotsBySet) if (bySet != null) bySet.release();
        Integer[] granted = new Integer[holds.size]; // by lock, then in the order the locks were granted
        for (int i = 0; i < holds.size; i++) granted[i] = i;
        Arrays.sort(granted, Comparator.<Integer>comparingLong(i -> holds.key(i)).thenComparingDouble(holds::end));
        for (int k = 0; k < granted.length; k++) {
            int i = granted[k];
            boolean after = k > 0 && holds.key(granted[k - 1]) == holds.key(i);
            count(WaitState.LOCK_CONTENTION, holds, i, after ? Double.longBitsToDouble(holds.value(granted[k - 1])) : NO_TIME);
        }
        holds.release();
        for (int i = 0; i < waits.size; i++) {
            count(WaitState.LATE_WRITER, waits, i, words.released(waits.task(i), waits.key(i), waits.end(i)));
        }
        waits.release();
        return states;
    }

    private static WaitState state(HeldCalls c, int i) {
        return STATES[(int) (c.value(i) >>> 32)];
    }

    private int set(int slot) {
        return (int) instances.get((long) INSTANCE_WORDS * slot + SET);
    }

    /**
     * Whether every member of the slot's set reached it: a run of fewer PEs than a set names (an active set of 4 PEs
     * on 2), or PEs that ended early, leave instances no member could leave, whose waits the trace cannot give.
     */
    private boolean complete(int slot) {
        int set = set(slot);
        long size = set < peSets.size() ? peSets.get(set).size() : tasks;
        return instances.get((long) INSTANCE_WORDS * slot + MEMBERS) >= size;
    }

    private int rank(int task, int set) {
        return set < peSets.size() ? peSets.get(set).ordinal(task) : task;
    }

    /**
     * Call i of held waited from its start until awaited (NaN: for nothing known), within its own time; what it
     * completed of _nbi transfers took the rest of that time.
     */
    private void count(WaitState state, HeldCalls held, int i, double awaited) {
        double waited = awaited - held.start(i), duration = held.duration(i), counted = 0;
        if (waited > 0) { // false for NaN
            counted = Math.min(waited, duration);
            if (waited > duration + 1e-12) states.beyondCall(waited - duration);
            if (counted > 0) states.add(state, held.task(i), held.call(i), held.site(i), held.region(i), counted);
        }
        if (held.posted(i) && duration - counted > 0) {
            states.add(WaitState.NBI_NOT_OVERLAPPED, held.task(i), held.call(i), held.site(i), held.region(i),
                    duration - counted);
        }
    }

    /** The second reading, of a run with waits: the writes that reach their words. */
    private final class Writes implements PeConverter {
        @Override
        public void start(int tasks, long baseRealNs, String runId, List<Host> hosts) {
            bar = messages.progress("writes to waited words", tasks, "PEs");
        }

        @Override
        public void beginTask(int task) { }

        @Override
        public void record(RunRecord r, long[] completes, int n) {
            RecordType type = r.type();
            if (type.payload() != RecordType.Payload.RMA || type.operation().group() == Operation.Group.GET) return;
            double end = r.start() + r.duration();
            words.wrote(r.target(), r.address(), r.bytes(), r.start(), end);
            // the signal word is written after the data, and seen with it
            if (type.signals()) words.wrote(r.target(), r.signal(), Long.BYTES, r.start(), end);
        }

        @Override
        public void endTask(int task) {
            bar.update(task + 1, 0);
        }

        @Override
        public void finish(List<CallEntry> calls, List<String> regionNames, List<PeSet> peSets) {
            bar.done();
        }
    }
}
