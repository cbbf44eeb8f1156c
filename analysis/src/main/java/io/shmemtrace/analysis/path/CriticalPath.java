package io.shmemtrace.analysis.path;

import io.shmemtrace.analysis.Activity;
import io.shmemtrace.analysis.LongDoubleMap;
import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.replay.engine.Observer;
import java.util.Arrays;
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
    /**
     * One event of a sequence: the burst before it [burstFrom, callFrom] and the call [callFrom, to] (to is NaN
     * until it ends; a call released by another sequence is a segment of its own, with no burst). prevBurstOnly: of
     * prev, only its burst is on this path (prev was the event that released this one: the path came from its start).
     * One object per event: the path of a 16,384-task run is built at nearly the plain replay's speed.
     */
    private static final class Segment {
        final Segment prev;
        final boolean prevBurstOnly;
        final int pe, call, region, site;
        final double burstFrom, callFrom;
        double to = Double.NaN;

        Segment(Segment prev, boolean prevBurstOnly, int pe, int call, int region, int site, double burstFrom,
                double callFrom) {
            this.prev = prev;
            this.prevBurstOnly = prevBurstOnly;
            this.pe = pe;
            this.call = call;
            this.region = region;
            this.site = site;
            this.burstFrom = burstFrom;
            this.callFrom = callFrom;
        }
    }

    /** How many past events of a sequence a later release may name (a lock's release, a write): older ones are not kept. */
    private static final int RECENT = 32;

    /** Per sequence: its path up to its clock (null before its first event), and its current event's segment. */
    private final Segment[] chain;
    private final Segment[] current;
    private final Segment[] recent;
    private final long[] recentEvent;
    private final int[] recentNext;
    private final double[] initEnd;
    private final double[] finalizeStart;
    private final Segment[] atFinalize;
    private final double[] lastEnd;
    private final int[] taskOf;
    private final boolean[] inWindow;
    /** Every PE's time in the window per activity (PE left out, packed), summed: for the critical-path imbalance. */
    private final LongDoubleMap allPes = new LongDoubleMap();

    public CriticalPath(int sequences) {
        chain = new Segment[sequences];
        current = new Segment[sequences];
        recent = new Segment[sequences * RECENT];
        recentEvent = new long[sequences * RECENT];
        Arrays.fill(recentEvent, -1);
        recentNext = new int[sequences];
        initEnd = new double[sequences];
        finalizeStart = new double[sequences];
        Arrays.fill(initEnd, Double.NaN);
        Arrays.fill(finalizeStart, Double.NaN);
        atFinalize = new Segment[sequences];
        lastEnd = new double[sequences];
        Arrays.fill(lastEnd, Double.NaN);
        taskOf = new int[sequences];
        inWindow = new boolean[sequences];
    }

    @Override
    public void started(int seq, int task, RunRecord r, double clock, double start) {
        taskOf[seq] = task;
        if (r.type() == RecordType.INIT) return;
        Segment s = new Segment(chain[seq], false, task, r.call() == null ? -1 : r.call().index(), r.enclosingRegion(),
                r.site(), chain[seq] == null ? start : clock, start);
        current[seq] = s;
        if (inWindow[seq] && start > clock) allPes.add(Activity.packComputeBefore(r), start - clock);
        int slot = seq * RECENT + recentNext[seq];
        recent[slot] = s;
        recentEvent[slot] = r.event();
        recentNext[seq] = (recentNext[seq] + 1) % RECENT;
        if (r.type() == RecordType.FINALIZE) {
            finalizeStart[seq] = start;
            atFinalize[seq] = s;
            inWindow[seq] = false;
        }
    }

    @Override
    public void ended(int seq, int task, RunRecord r, double start, double end, double waited, int causeSeq,
                      long causeEvent) {
        lastEnd[seq] = end;
        if (r.type() == RecordType.INIT) {
            initEnd[seq] = end;
            Segment origin = new Segment(null, false, task, r.call().index(), -1, -1, end, end);
            origin.to = end;
            chain[seq] = origin;
            inWindow[seq] = true;
            return;
        }
        Segment s = current[seq];
        if (causeSeq >= 0) {
            Segment cause = find(causeSeq, causeEvent);
            if (cause != null && cause.callFrom > start && cause.callFrom <= end) { // released by it: its path, then this call
                s = new Segment(cause, true, task, s.call, s.region, s.site, cause.callFrom, cause.callFrom);
            }
        }
        s.to = end;
        chain[seq] = s;
        if (inWindow[seq] && r.call() != null && end > start) allPes.add(Activity.packIn(Activity.Kind.CALL, r), end - start - waited);
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
        int pes = (int) Arrays.stream(taskOf).distinct().count();
        Map<Activity, Double> mean = new HashMap<>();
        allPes.forEach((key, sum) -> mean.put(Activity.unpack(-1, key), sum / Math.max(1, pes)));
        if (last < 0 || windowStart == Double.NEGATIVE_INFINITY) return new Result(0, 0, byActivity, mean, pes);
        Segment seg = anyFinalize ? atFinalize[last] : chain[last];
        boolean burstOnly = anyFinalize; // the window ends where the finalize starts
        while (seg != null) {
            if (!burstOnly) add(byActivity, new Activity(seg.pe, Activity.Kind.CALL, seg.call, seg.region, seg.site),
                    seg.callFrom, seg.to, windowStart, windowEnd);
            add(byActivity, new Activity(seg.pe, Activity.Kind.COMPUTE, -1, seg.region, -1), seg.burstFrom, seg.callFrom,
                    windowStart, windowEnd);
            if (seg.burstFrom <= windowStart) break;
            burstOnly = seg.prevBurstOnly;
            seg = seg.prev;
        }
        return new Result(windowStart, windowEnd, byActivity, mean, pes);
    }

    private static void add(Map<Activity, Double> m, Activity a, double from, double to, double windowStart, double windowEnd) {
        double length = Math.min(to, windowEnd) - Math.max(from, windowStart);
        if (length > 0) m.merge(a, length, Double::sum);
    }

    /**
     * The path over [windowStart, windowEnd]: seconds per activity (its PE the one the path ran on), and each
     * activity's mean time per PE over the run (PE -1), for the critical-path imbalance.
     */
    public record Result(double windowStart, double windowEnd, Map<Activity, Double> byActivity,
                         Map<Activity, Double> meanPerPe, int pes) {
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
