package io.shmemtrace.analysis.path;

import io.shmemtrace.analysis.Activity;
import io.shmemtrace.merged.format.PsinsType;
import io.shmemtrace.merged.read.PsinsRecord;
import io.shmemtrace.replay.engine.Observer;
import java.util.HashMap;
import java.util.Map;

/**
 * The critical path of a replay: the chain of computation and calls that sets the window's length, followed back
 * from the last PE to reach shmem_finalize through what released each blocking call (the collective's last
 * arrival, a broadcast's root, the lock's previous release, the write a wait saw). Built forward in the replay's
 * one pass: each sequence carries the path that ends at its clock, as a chain of segments shared with the paths
 * it came from; a call released by another sequence takes that sequence's path up to the releasing event's start,
 * then the call from there. Every chain is contiguous in time, so the path clipped to the window is the window.
 * A completing call that waited for its own transfers stays on its own path.
 */
public final class CriticalPath implements Observer {
    /** A stretch of the path: what it was (computing or a call), on which PE, from when to when; prev before it. */
    private record Segment(Segment prev, int pe, boolean compute, int call, int region, int site, double from,
                           double to) {}

    /** How many past events of a sequence a later release may name (a lock's release, a write): older ones are not kept. */
    private static final int RECENT = 32;

    private final Segment[] chain;
    private final Segment[] recent;
    private final long[] recentEvent;
    private final int[] recentNext;
    private final double[] initEnd;
    private final double[] finalizeStart;
    private final Segment[] atFinalize;
    private final double[] lastEnd;
    private final Segment[] lastChain;
    private final int[] taskOf;
    /** Each PE's time in the window per activity without its PE (for the critical-path imbalance): summed over PEs. */
    private final Map<Activity, Double> allPes = new HashMap<>();
    private final boolean[] inWindow;

    public CriticalPath(int sequences) {
        chain = new Segment[sequences];
        recent = new Segment[sequences * RECENT];
        recentEvent = new long[sequences * RECENT];
        java.util.Arrays.fill(recentEvent, -1);
        recentNext = new int[sequences];
        initEnd = new double[sequences];
        finalizeStart = new double[sequences];
        java.util.Arrays.fill(initEnd, Double.NaN);
        java.util.Arrays.fill(finalizeStart, Double.NaN);
        atFinalize = new Segment[sequences];
        lastEnd = new double[sequences];
        lastChain = new Segment[sequences];
        taskOf = new int[sequences];
        inWindow = new boolean[sequences];
    }

    @Override
    public void started(int seq, int task, PsinsRecord r, double clock, double start) {
        taskOf[seq] = task;
        if (r.type() == PsinsType.INIT) return;
        Segment c = chain[seq];
        if (c == null) c = new Segment(null, task, true, -1, -1, -1, clock, clock); // a thread's first event
        if (start > clock) {
            c = new Segment(c, task, true, -1, r.enclosingRegion(), -1, clock, start);
            if (inWindow[seq]) allPes.merge(new Activity(-1, Activity.Kind.COMPUTE, -1, r.enclosingRegion(), -1), start - clock, Double::sum);
        }
        chain[seq] = c; // the path up to this event's start: what a release by it continues from
        int slot = seq * RECENT + recentNext[seq];
        recent[slot] = c;
        recentEvent[slot] = r.event();
        recentNext[seq] = (recentNext[seq] + 1) % RECENT;
        if (r.type() == PsinsType.FINALIZE) {
            finalizeStart[seq] = start;
            atFinalize[seq] = c;
            inWindow[seq] = false;
        }
    }

    @Override
    public void ended(int seq, int task, PsinsRecord r, double start, double end, double waited, int causeSeq,
                      long causeEvent) {
        if (r.type() == PsinsType.INIT) {
            initEnd[seq] = end;
            chain[seq] = new Segment(null, task, false, r.call().index(), -1, -1, end, end);
            inWindow[seq] = true;
            return;
        }
        Segment base = chain[seq];
        double from = start;
        if (causeSeq >= 0) {
            Segment cause = find(causeSeq, causeEvent);
            if (cause != null && cause.to > start && cause.to <= end) { // released by it: its path, then this call
                base = cause;
                from = cause.to;
            }
        }
        if (end > from && r.type().payload() != PsinsType.Payload.REGION) {
            base = new Segment(base, task, false, r.call().index(), r.enclosingRegion(), r.site(), from, end);
        }
        if (inWindow[seq] && r.call() != null && end > start) {
            double own = end - start - waited;
            allPes.merge(new Activity(-1, Activity.Kind.CALL, r.call().index(), r.enclosingRegion(), r.site()), own, Double::sum);
        }
        chain[seq] = base;
        lastEnd[seq] = end;
        lastChain[seq] = base;
    }

    private Segment find(int seq, long event) {
        for (int i = 0; i < RECENT; i++) {
            int slot = seq * RECENT + i;
            if (recentEvent[slot] == event) return recent[slot];
        }
        return null;
    }

    /**
     * The path of the run's window (the last PE's end of init to the last PE's start of finalize, or the last end
     * where no PE finalized), per activity, with the window's ends.
     */
    public Result result() {
        double windowStart = Double.NEGATIVE_INFINITY, windowEnd = Double.NEGATIVE_INFINITY;
        int last = -1;
        boolean anyFinalize = false;
        for (int s = 0; s < chain.length; s++) {
            if (!Double.isNaN(initEnd[s])) windowStart = Math.max(windowStart, initEnd[s]);
            if (!Double.isNaN(finalizeStart[s])) anyFinalize = true;
        }
        for (int s = 0; s < chain.length; s++) {
            double e = anyFinalize ? finalizeStart[s] : lastEnd[s];
            if (!Double.isNaN(e) && (last < 0 || e > windowEnd)) {
                windowEnd = e;
                last = s;
            }
        }
        Map<Activity, Double> byActivity = new HashMap<>();
        if (last < 0 || windowStart == Double.NEGATIVE_INFINITY) return new Result(0, 0, byActivity, Map.of(), 0);
        Segment seg = anyFinalize ? atFinalize[last] : lastChain[last];
        for (; seg != null && seg.to > windowStart; seg = seg.prev) {
            double length = Math.min(seg.to, windowEnd) - Math.max(seg.from, windowStart);
            if (length <= 0) continue;
            Activity a = seg.compute ? new Activity(seg.pe, Activity.Kind.COMPUTE, -1, seg.region, -1)
                    : new Activity(seg.pe, Activity.Kind.CALL, seg.call, seg.region, seg.site);
            byActivity.merge(a, length, Double::sum);
        }
        int pes = 0;
        boolean[] seen = new boolean[chain.length == 0 ? 1 : java.util.Arrays.stream(taskOf).max().orElse(0) + 1];
        for (int s = 0; s < chain.length; s++) {
            if (!seen[taskOf[s]]) {
                seen[taskOf[s]] = true;
                pes++;
            }
        }
        Map<Activity, Double> mean = new HashMap<>();
        int n = Math.max(1, pes);
        allPes.forEach((a, sum) -> mean.put(a, sum / n));
        return new Result(windowStart, windowEnd, byActivity, mean, pes);
    }

    /**
     * The path over [windowStart, windowEnd]: seconds per activity (its PE the one the path ran on), and each
     * activity's mean time per PE over the run (PE -1), for the critical-path imbalance.
     */
    public record Result(double windowStart, double windowEnd, Map<Activity, Double> byActivity,
                         Map<Activity, Double> meanPerPe, int pes) {
        public double window() {
            return Math.max(0, windowEnd - windowStart);
        }

        /** The path's length: the window, where every segment was found. */
        public double length() {
            return byActivity.values().stream().mapToDouble(Double::doubleValue).sum();
        }

        /** Seconds of the path per key (a PE, a region, a call, a site) of its activities. */
        public <K> Map<K, Double> by(java.util.function.Function<Activity, K> key) {
            Map<K, Double> m = new HashMap<>();
            byActivity.forEach((a, s) -> m.merge(key.apply(a), s, Double::sum));
            return m;
        }

        /**
         * The critical-path imbalance (Böhme et al.): per activity (PE left out), the path's time in it less the mean
         * PE's, where positive; their sum is what the path carries beyond an average PE's share of the same work.
         */
        public double imbalance() {
            Map<Activity, Double> onPath = by(a -> a.on(-1));
            double sum = 0;
            for (Map.Entry<Activity, Double> e : onPath.entrySet()) {
                sum += Math.max(0, e.getValue() - meanPerPe.getOrDefault(e.getKey(), 0.0));
            }
            return sum;
        }
    }
}
