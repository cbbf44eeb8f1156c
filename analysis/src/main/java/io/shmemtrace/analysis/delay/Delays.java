package io.shmemtrace.analysis.delay;

import io.shmemtrace.analysis.Activity;
import io.shmemtrace.merged.format.PsinsType;
import io.shmemtrace.merged.read.PsinsRecord;
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
 * the previous collective later) is charged as propagated delay of its own. A wait released by a lock's release or
 * by a write (no shared interval to compare) is charged to what the releasing PE did since its last collective.
 * Waits no other PE released (a quiet waiting for its own transfers) are counted but explain no one.
 */
public final class Delays implements Observer {
    private final int[] taskOf;
    /** Per sequence: its activities since its last collective (PE -1), and those up to its arrival at it. */
    private final Map<Activity, Double>[] current;
    private final Map<Activity, Double>[] atLastCollective;
    private final Map<Activity, double[]> causes = new HashMap<>();
    /** The same causes per kind of wait they explain. */
    private final Map<WaitKind, Map<Activity, double[]>> causesByKind = new java.util.EnumMap<>(WaitKind.class);
    private final Map<Activity, Double> waits = new HashMap<>();
    private double waited;
    private double explained;

    @SuppressWarnings("unchecked")
    public Delays(int sequences) {
        taskOf = new int[sequences];
        current = new Map[sequences];
        atLastCollective = new Map[sequences];
    }

    private Map<Activity, Double> current(int seq) {
        Map<Activity, Double> m = current[seq];
        if (m == null) current[seq] = m = new HashMap<>();
        return m;
    }

    @Override
    public void started(int seq, int task, PsinsRecord r, double clock, double start) {
        taskOf[seq] = task;
        if (r.type() == PsinsType.INIT) return;
        if (start > clock) current(seq).merge(Activity.computeBefore(-1, r), start - clock, Double::sum);
        if (Activity.synchronises(r)) {
            atLastCollective[seq] = current(seq);
            current[seq] = new HashMap<>();
        }
    }

    @Override
    public void ended(int seq, int task, PsinsRecord r, double start, double end, double waitedHere, int causeSeq,
                      long causeEvent) {
        if (r.type() == PsinsType.INIT || r.type() == PsinsType.FINALIZE || r.call() == null) return;
        Map<Activity, Double> mine = current(seq);
        double own = end - start - waitedHere;
        if (own > 0) mine.merge(Activity.in(-1, Activity.Kind.CALL, r), own, Double::sum);
        if (waitedHere <= 0) return;
        mine.merge(Activity.in(-1, Activity.Kind.WAIT, r), waitedHere, Double::sum);
        waits.merge(Activity.in(task, Activity.Kind.WAIT, r), waitedHere, Double::sum);
        waited += waitedHere;
        if (causeSeq < 0) return;
        int late = taskOf[causeSeq];
        Map<Activity, Double> excess = new HashMap<>();
        double total = 0;
        if (Activity.synchronises(r) && atLastCollective[causeSeq] != null) {
            Map<Activity, Double> waiter = atLastCollective[seq] == null ? Map.of() : atLastCollective[seq];
            for (Map.Entry<Activity, Double> e : atLastCollective[causeSeq].entrySet()) {
                double more = e.getValue() - waiter.getOrDefault(e.getKey(), 0.0);
                if (more > 0) {
                    excess.put(e.getKey(), more);
                    total += more;
                }
            }
        } else if (!Activity.synchronises(r) && current[causeSeq] != null) {
            for (Map.Entry<Activity, Double> e : current[causeSeq].entrySet()) {
                if (e.getValue() > 0) {
                    excess.put(e.getKey(), e.getValue());
                    total += e.getValue();
                }
            }
        }
        explained += waitedHere;
        WaitKind kind = WaitKind.of(r);
        if (total <= 0) { // no excess: it left the previous synchronisation later
            charge(kind, new Activity(late, Activity.Kind.WAIT, -1, -1, -1), waitedHere, true);
            return;
        }
        for (Map.Entry<Activity, Double> e : excess.entrySet()) {
            Activity a = e.getKey().on(late);
            charge(kind, a, waitedHere * e.getValue() / total, a.kind() == Activity.Kind.WAIT);
        }
    }

    private void charge(WaitKind kind, Activity cause, double seconds, boolean propagated) {
        causes.computeIfAbsent(cause, k -> new double[2])[propagated ? 1 : 0] += seconds;
        causesByKind.computeIfAbsent(kind, k -> new HashMap<>()).computeIfAbsent(cause, k -> new double[2])[propagated ? 1 : 0]
                += seconds;
    }

    public Result result() {
        return new Result(causes, causesByKind, waits, waited, explained);
    }

    /** What kind of wait a cause explains: at a collective, for a lock, for a write (a flag), for anything else. */
    public enum WaitKind {
        COLLECTIVE, LOCK, WRITE, OTHER;

        static WaitKind of(PsinsRecord r) {
            return switch (r.type()) {
                case SET_LOCK, TEST_LOCK -> LOCK;
                case WAIT, TEST -> WRITE;
                default -> Activity.synchronises(r) ? COLLECTIVE : OTHER;
            };
        }
    }

    /**
     * causes: per activity of a late PE, the waits it caused {direct, propagated} (and by the kind of wait); waits: per waiting call (PE,
     * call, region, site) its seconds of wait; waited: every wait; explained: those another PE released (what
     * causes sum to).
     */
    public record Result(Map<Activity, double[]> causes, Map<WaitKind, Map<Activity, double[]>> causesByKind,
                         Map<Activity, Double> waits, double waited, double explained) {
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
