package io.shmemtrace.replay.engine;

import io.shmemtrace.merged.format.PsinsType;
import io.shmemtrace.merged.read.PsinsRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a replay measures, kept apart from the mechanisms that time the events: per traced function (calls, time,
 * wait, bytes), per sequence (compute, communication, waits, the window's ends; in arrays by sequence number) and
 * for the run (events, bytes on and off node, waits no write explained, releases forced).
 */
final class Statistics {
    final CallStats[] calls;
    private final int[] taskOf;
    private final double[] compute;
    private final double[] comm;
    private final double[] wait;
    private final double[] tracedCompute;
    private final double[] tracedComm;
    private final double[] initEnd;
    private final double[] finalizeStart;
    private final double[] tracedInitEnd;
    private final double[] tracedFinalizeStart;
    private final double[] lastEnd;
    private final double[] tracedLastEnd;
    private final long[] bytes;
    private final long[] messages;
    long events;
    long unmatchedWaits;
    long forced;
    long onNodeBytes;
    long offNodeBytes;

    final RegionTimes regions;

    /** functions: the merged run's call table's size; taskOf: each sequence's task; regionNames: the file's. */
    Statistics(int functions, int[] taskOf, List<String> regionNames) {
        regions = new RegionTimes(regionNames, taskOf.length);
        calls = new CallStats[functions];
        for (int i = 0; i < functions; i++) calls[i] = new CallStats();
        this.taskOf = taskOf;
        int n = taskOf.length;
        compute = new double[n];
        comm = new double[n];
        wait = new double[n];
        tracedCompute = new double[n];
        tracedComm = new double[n];
        initEnd = nans(n);
        finalizeStart = nans(n);
        tracedInitEnd = nans(n);
        tracedFinalizeStart = nans(n);
        lastEnd = new double[n];
        tracedLastEnd = new double[n];
        bytes = new long[n];
        messages = new long[n];
    }

    private static double[] nans(int n) {
        double[] a = new double[n];
        Arrays.fill(a, Double.NaN);
        return a;
    }

    /** Sequence s computed for seconds before its current event (traced: tracedSeconds). */
    void computed(Sequence s, double seconds, double tracedSeconds) {
        compute[s.index] += seconds;
        tracedCompute[s.index] += tracedSeconds;
    }

    /** A one-sided call of s moved bytes, on its node or off it. */
    void transferred(Sequence s, long moved, boolean sameNode) {
        if (sameNode) onNodeBytes += moved;
        else offNodeBytes += moved;
        bytes[s.index] += moved;
        messages[s.index]++;
    }

    /** s's current event r ran from start to end, waiting for others for waited of it. */
    void ended(Sequence s, PsinsRecord r, double start, double end, double waited) {
        if (r.type().payload() == PsinsType.Payload.REGION) { // not a call: it marks the program's time
            regions.record(s, r, start);
            lastEnd[s.index] = end;
            tracedLastEnd[s.index] = Math.max(tracedLastEnd[s.index], r.start());
            return;
        }
        CallStats c = calls[r.call().index()];
        c.calls += r.type() == PsinsType.REPEAT ? r.repeats() : 1;
        c.time += end - start;
        c.wait += waited;
        c.tracedTime += r.duration();
        if (r.type() != PsinsType.REPEAT) c.bytes += bytesOf(r);
        int i = s.index;
        switch (r.type()) {
            case INIT -> {
                initEnd[i] = end;
                tracedInitEnd[i] = r.start() + r.duration();
            }
            case FINALIZE -> {
                finalizeStart[i] = start;
                tracedFinalizeStart[i] = r.start();
            }
            default -> {
                comm[i] += end - start - waited;
                wait[i] += waited;
                tracedComm[i] += r.duration();
            }
        }
        lastEnd[i] = end;
        tracedLastEnd[i] = Math.max(tracedLastEnd[i], r.start() + r.duration());
    }

    private static long bytesOf(PsinsRecord r) {
        return switch (r.type().payload()) {
            case RMA, COLLECTIVE -> r.bytes();
            default -> 0;
        };
    }

    /** The regions' figures, once the replay has ended. */
    List<RegionTimes.Region> regionTimes() {
        return regions.finish(lastEnd, tracedLastEnd);
    }

    /** Each task's threads together, in task order (tasks without events left out). */
    List<TaskTimes> taskTimes(int tasks) {
        TaskTimes[] byTask = new TaskTimes[tasks];
        for (int i = 0; i < taskOf.length; i++) {
            TaskTimes t = new TaskTimes(taskOf[i], compute[i], comm[i], wait[i], initEnd[i], finalizeStart[i], lastEnd[i],
                    tracedInitEnd[i], tracedFinalizeStart[i], tracedLastEnd[i], bytes[i], messages[i], tracedCompute[i],
                    tracedComm[i]);
            byTask[taskOf[i]] = byTask[taskOf[i]] == null ? t : byTask[taskOf[i]].with(t);
        }
        List<TaskTimes> list = new ArrayList<>();
        for (TaskTimes t : byTask) if (t != null) list.add(t);
        return list;
    }
}
