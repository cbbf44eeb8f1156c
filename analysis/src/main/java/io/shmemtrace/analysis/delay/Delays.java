package io.shmemtrace.analysis.delay;

import io.shmemtrace.analysis.Activity;
import io.shmemtrace.analysis.LongDoubleMap;
import io.shmemtrace.analysis.SmallMaps;
import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.replay.engine.Observer;
import java.util.HashMap;
import java.util.Map;

/**
 * The root causes of wait states (Scalasca's delay analysis, after KOJAK's patterns): a PE that waits at a
 * collective waits because another PE arrived later — the one that released it — and that PE arrived later because
 * it did more since the previous collective both took part in. The wait is charged to the late PE's excess over
 * the waiter in that interval, activity by activity (computing per region, each call's own time per region and call
 * site), in proportion: the causes of one wait sum to it. Excess spent waiting itself is <em>propagated</em> delay
 * (a wait that made the PE late for the next one); the rest is <em>direct</em>. A late PE with no excess (it left
 * the previous collective later) is charged as propagated delay of its own. A wait for a lock is charged to what its
 * previous holder did while holding it (its critical section, from acquiring to releasing); a wait released by a
 * write (no shared interval to compare) to what the writer did since its last collective.
 * Waits no other PE released (a quiet waiting for its own transfers) are counted but explain no one.
 *
 * <p>Propagated delay is also followed back to where it started (the <em>root causes</em>): a wait charged to the
 * late PE's own waiting is charged instead, in proportion, to what caused the late PE's waits in that interval, and
 * so on back, so that every explained wait ends at a PE's computation or call that no wait explains. Each sequence
 * keeps the root causes of its own waits per interval, as it keeps its activities.
 */
public final class Delays implements Observer {
    private final int[] taskOf;
    /**
     * Per sequence, two maps of each kind, one per parity of its epoch: the one of its epoch's parity is since its
     * last collective, the other up to its arrival at it (a collective flips them and empties the new one).
     * Activities (packed keys), and the root causes of the waits it suffered ({@link #rootKey}s).
     */
    private static final int ROW = 8;
    private final SmallMaps activities;
    private final SmallMaps roots;
    /**
     * Per sequence, while it holds a lock: its activities since it acquired it; and those of its last critical section
     * (up to its release). Made at a sequence's first lock.
     */
    private final LongDoubleMap[] section;
    private final LongDoubleMap[] lastSection;
    private final int[] locksHeld;
    /** Per kind of wait, per late task: the waits its activities caused, direct and propagated (packed keys). */
    private final LongDoubleMap[][] direct = new LongDoubleMap[WaitKind.values().length][];
    private final LongDoubleMap[][] propagated = new LongDoubleMap[WaitKind.values().length][];
    /** Every wait's root causes, in all. */
    private final LongDoubleMap rootCauses = new LongDoubleMap();
    /** Per waiting sequence, its waits by the call that waited (packed keys). */
    private final SmallMaps waits;
    private double waited;
    private double explained;
    /** Per sequence: collectives started so far (its epoch), and the epochs of its recent events (a write, a release). */
    private final int[] epoch;
    private static final int RECENT = 32;
    private final long[] recentEvent;
    private final int[] recentEpoch;
    private final int[] recentNext;
    /** The excess of the late PE over the waiter, key by key, for the wait being charged (reused). */
    private long[] excessKeys = new long[16];
    private double[] excess = new double[16];
    private int excessCount;

    public Delays(int sequences) {
        taskOf = new int[sequences];
        epoch = new int[sequences];
        recentEvent = new long[sequences * RECENT];
        java.util.Arrays.fill(recentEvent, -1);
        recentEpoch = new int[sequences * RECENT];
        recentNext = new int[sequences];
        section = new LongDoubleMap[sequences];
        lastSection = new LongDoubleMap[sequences];
        locksHeld = new int[sequences];
        activities = new SmallMaps(2 * sequences, ROW);
        roots = new SmallMaps(2 * sequences, ROW);
        waits = new SmallMaps(sequences, ROW);
    }

    /** The map of seq's (activities or roots) since its last collective, or up to its arrival at it. */
    private int current(int seq) {
        return 2 * seq + (epoch[seq] & 1);
    }

    private int atLastCollective(int seq) {
        return 2 * seq + (~epoch[seq] & 1);
    }

    @Override
    public void started(int seq, int task, RunRecord r, double clock, double start) {
        taskOf[seq] = task;
        if (r.type() == RecordType.INIT) return;
        if (start > clock) add(seq, Activity.packComputeBefore(r), start - clock);
        if (r.type() == RecordType.CLEAR_LOCK && locksHeld[seq] > 0 && --locksHeld[seq] == 0) { // the section ends
            LongDoubleMap done = section[seq];
            section[seq] = lastSection[seq];
            section[seq].clear();
            lastSection[seq] = done;
        }
        int slot = seq * RECENT + recentNext[seq];
        recentEvent[slot] = r.event();
        recentEpoch[slot] = epoch[seq];
        recentNext[seq] = (recentNext[seq] + 1) % RECENT;
        if (Activity.synchronises(r)) { // a new interval: the one that ends here is kept until the next
            epoch[seq]++;
            activities.clear(current(seq));
            roots.clear(current(seq));
        }
    }

    @Override
    public void ended(int seq, int task, RunRecord r, double start, double end, double waitedHere, int causeSeq,
                      long causeEvent) {
        if (r.type() == RecordType.INIT || r.type() == RecordType.FINALIZE || r.call() == null) return;
        double own = end - start - waitedHere;
        if (own > 0) add(seq, Activity.packIn(Activity.Kind.CALL, r), own);
        if (r.type() == RecordType.SET_LOCK || (r.type() == RecordType.TEST_LOCK && r.result() == 0)) acquired(seq);
        if (waitedHere <= 0) return;
        add(seq, Activity.packIn(Activity.Kind.WAIT, r), waitedHere);
        waits.add(seq, Activity.packIn(Activity.Kind.WAIT, r), waitedHere);
        waited += waitedHere;
        if (causeSeq < 0) return;
        int late = taskOf[causeSeq];
        excessCount = 0;
        int lateRoots; // the map of the root causes of the late PE's own waits in the interval its excess is from
        if (Activity.synchronises(r)) { // what the late PE did more than the waiter since their last collective
            int waiter = atLastCollective(seq);
            activities.forEach(atLastCollective(causeSeq), (k, v) -> keep(k, v - activities.get(waiter, k)));
            lateRoots = atLastCollective(causeSeq);
        } else if (WaitKind.of(r) == WaitKind.LOCK && lastSection[causeSeq] != null) { // the holder's critical section
            lastSection[causeSeq].forEach(this::keep);
            lateRoots = current(causeSeq);
        } else { // what the releasing PE did in the interval of its releasing event (it may have moved on since)
            int at = epochOf(causeSeq, causeEvent);
            lateRoots = at == epoch[causeSeq] ? current(causeSeq) : atLastCollective(causeSeq);
            activities.forEach(lateRoots, this::keep);
        }
        double total = 0;
        for (int i = 0; i < excessCount; i++) total += excess[i];
        explained += waitedHere;
        WaitKind kind = WaitKind.of(r);
        if (total <= 0) { // no excess: it left the previous synchronisation later
            long key = Activity.pack(Activity.Kind.WAIT, -1, -1, -1);
            charge(kind, late, key, waitedHere, true);
            root(seq, late, key, waitedHere, lateRoots);
            return;
        }
        for (int i = 0; i < excessCount; i++) {
            boolean propagated = excessKeys[i] >>> 62 == Activity.Kind.WAIT.ordinal();
            double amount = waitedHere * excess[i] / total;
            charge(kind, late, excessKeys[i], amount, propagated);
            if (propagated) root(seq, late, excessKeys[i], amount, lateRoots);
            else addRoot(seq, rootKey(late, excessKeys[i]), amount);
        }
    }

    /**
     * A propagated delay of the late PE's (key, its waiting) followed back: shared out over the root causes of that
     * PE's waits (its roots map lateRoots), or, where it has none recorded, its own waiting as the root.
     */
    private void root(int seq, int late, long key, double amount, int lateRoots) {
        double total = roots.total(lateRoots);
        if (total <= 0) {
            addRoot(seq, rootKey(late, key), amount);
            return;
        }
        roots.forEach(lateRoots, (k, v) -> addRoot(seq, k, amount * v / total));
    }

    /** seconds of seq's wait have the root cause key: in all, and among seq's own (for the waits it makes late). */
    private void addRoot(int seq, long key, double seconds) {
        rootCauses.add(key, seconds);
        roots.add(current(seq), key, seconds);
    }

    /**
     * A root cause as one long: its PE (20 bits), kind (2), call (14), region + 1 (12) and site + 1 (16); larger
     * numbers share keys, as in {@link Activity#pack}.
     */
    static long rootKey(int pe, long activityKey) {
        // the fields of Activity.pack (kind 2 bits, call + 1 22, region + 1 20, site + 1 20), narrowed: no object per charge
        return ((long) pe & 0xFFFFF) << 44 | (activityKey >>> 62) << 42 | ((activityKey >>> 40) & 0x3FFF) << 28
                | ((activityKey >>> 20) & 0xFFF) << 16 | (activityKey & 0xFFFF);
    }

    static Activity unpackRoot(long key) {
        return new Activity((int) (key >>> 44), Activity.Kind.values()[(int) ((key >>> 42) & 3)],
                (int) ((key >>> 28) & 0x3FFF) - 1, (int) ((key >>> 16) & 0xFFF) - 1, (int) (key & 0xFFFF) - 1);
    }

    /** An activity of seq's: in its interval since its last collective, and in its critical section if it holds a lock. */
    private void add(int seq, long key, double seconds) {
        activities.add(current(seq), key, seconds);
        if (locksHeld[seq] > 0) section[seq].add(key, seconds);
    }

    private void acquired(int seq) {
        if (section[seq] == null) {
            section[seq] = new LongDoubleMap();
            lastSection[seq] = new LongDoubleMap();
        }
        if (locksHeld[seq]++ == 0) section[seq].clear();
    }

    /** The epoch the sequence's event was in (its epoch before last when no longer among its recent events). */
    private int epochOf(int seq, long event) {
        for (int i = 0; i < RECENT; i++) if (recentEvent[seq * RECENT + i] == event) return recentEpoch[seq * RECENT + i];
        return epoch[seq] - 1;
    }

    private void keep(long key, double more) {
        if (more <= 0) return;
        if (excessCount == excessKeys.length) {
            excessKeys = java.util.Arrays.copyOf(excessKeys, 2 * excessCount);
            excess = java.util.Arrays.copyOf(excess, 2 * excessCount);
        }
        excessKeys[excessCount] = key;
        excess[excessCount++] = more;
    }

    private void charge(WaitKind kind, int late, long key, double seconds, boolean isPropagated) {
        LongDoubleMap[][] to = isPropagated ? propagated : direct;
        LongDoubleMap[] byTask = to[kind.ordinal()];
        if (byTask == null || late >= byTask.length) {
            byTask = to[kind.ordinal()] = byTask == null ? new LongDoubleMap[late + 1] : java.util.Arrays.copyOf(byTask, late + 1);
        }
        if (byTask[late] == null) byTask[late] = new LongDoubleMap();
        byTask[late].add(key, seconds);
    }

    public Result result() {
        Map<Activity, double[]> causes = new HashMap<>();
        Map<WaitKind, Map<Activity, double[]>> byKind = new java.util.EnumMap<>(WaitKind.class);
        for (WaitKind kind : WaitKind.values()) {
            for (int side = 0; side < 2; side++) {
                LongDoubleMap[] byTask = (side == 0 ? direct : propagated)[kind.ordinal()];
                if (byTask == null) continue;
                int which = side;
                for (int t = 0; t < byTask.length; t++) {
                    if (byTask[t] == null) continue;
                    int pe = t;
                    byTask[t].forEach((key, s) -> {
                        Activity a = Activity.unpack(pe, key);
                        causes.computeIfAbsent(a, k -> new double[2])[which] += s;
                        byKind.computeIfAbsent(kind, k -> new HashMap<>()).computeIfAbsent(a, k -> new double[2])[which] += s;
                    });
                }
            }
        }
        Map<Activity, Double> waitsByCall = new HashMap<>();
        for (int seq = 0; seq < taskOf.length; seq++) {
            int pe = taskOf[seq];
            waits.forEach(seq, (key, s) -> waitsByCall.merge(Activity.unpack(pe, key), s, Double::sum));
        }
        Map<Activity, Double> rootsByActivity = new HashMap<>();
        rootCauses.forEach((key, s) -> rootsByActivity.merge(unpackRoot(key), s, Double::sum));
        return new Result(causes, byKind, waitsByCall, rootsByActivity, waited, explained);
    }

    /** What kind of wait a cause explains: at a collective, for a lock, for a write (a flag), for anything else. */
    public enum WaitKind {
        COLLECTIVE, LOCK, WRITE, OTHER;

        static WaitKind of(RunRecord r) {
            return switch (r.type()) {
                case SET_LOCK, TEST_LOCK -> LOCK;
                case WAIT, TEST -> WRITE;
                default -> Activity.synchronises(r) ? COLLECTIVE : OTHER;
            };
        }
    }

    /**
     * causes: per activity of a late PE, the waits it caused {direct, propagated} (and by the kind of wait); waits: per waiting call (PE,
     * call, region, site) its seconds of wait; roots: per root cause (propagated delay followed back), the waits it
     * explains; waited: every wait; explained: those another PE released (what causes and roots each sum to).
     */
    public record Result(Map<Activity, double[]> causes, Map<WaitKind, Map<Activity, double[]>> causesByKind,
                         Map<Activity, Double> waits, Map<Activity, Double> roots, double waited, double explained) {
        /** The causes of one kind of wait (empty where there were none). */
        public Map<Activity, double[]> causes(WaitKind kind) {
            return causesByKind.getOrDefault(kind, Map.of());
        }

        /** Seconds of waits caused, direct and propagated together, per key of the causing activity. */
        public <K> Map<K, Double> causedBy(java.util.function.Function<Activity, K> key) {
            Map<K, Double> m = new HashMap<>();
            causes.forEach((a, s) -> m.merge(key.apply(a), s[0] + s[1], Double::sum));
            return m;
        }

        public double direct() {
            return causes.values().stream().mapToDouble(s -> s[0]).sum();
        }

        public double propagated() {
            return causes.values().stream().mapToDouble(s -> s[1]).sum();
        }
    }
}
