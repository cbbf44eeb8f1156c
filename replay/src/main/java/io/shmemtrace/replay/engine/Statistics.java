package io.shmemtrace.replay.engine;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.RunRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * What a replay measures, kept apart from the mechanisms that time the events: per traced function (calls, time,
 * wait, bytes), per sequence (compute, communication, waits, the window's ends; in arrays by sequence number) and
 * for the run (events, bytes on and off node, waits no write explained, releases forced).
 */
final class Statistics {
    final CallStats[] calls;
    private final int[] taskOf;
    /**
     * Per sequence, its figures side by side (FIELDS doubles from index * FIELDS): a replay of 16,384 tasks moves
     * to another sequence at nearly every event, and thirteen arrays of one figure each were thirteen cache lines
     * to touch where these are two.
     */
    private final double[] figures;
    private static final int COMPUTE = 0, COMM = 1, WAIT = 2, TRACED_COMPUTE = 3, TRACED_COMM = 4, INIT_END = 5,
            FINALIZE_START = 6, TRACED_INIT_END = 7, TRACED_FINALIZE_START = 8, LAST_END = 9, TRACED_LAST_END = 10,
            FIELDS = 11;
    /** The figures a sequence has only once it has seen its init or finalize: NaN until then. */
    private static final int[] UNTIL_SEEN = {INIT_END, FINALIZE_START, TRACED_INIT_END, TRACED_FINALIZE_START};
    /** Per sequence, bytes moved and messages sent, side by side. */
    private final long[] moved;
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
        figures = new double[n * FIELDS];
        for (int i = 0; i < n; i++) {
            for (int f : UNTIL_SEEN) figures[i * FIELDS + f] = Double.NaN;
        }
        moved = new long[2 * n];
    }

    /** Sequence s computed for seconds before its current event (traced: tracedSeconds). */
    void computed(Sequence s, double seconds, double tracedSeconds) {
        int at = s.index * FIELDS;
        figures[at + COMPUTE] += seconds;
        figures[at + TRACED_COMPUTE] += tracedSeconds;
    }

    /** A one-sided call of s moved bytes, on its node or off it. */
    void transferred(Sequence s, long moved, boolean sameNode) {
        if (sameNode) onNodeBytes += moved;
        else offNodeBytes += moved;
        this.moved[2 * s.index] += moved;
        this.moved[2 * s.index + 1]++;
    }

    /** s's current event r ran from start to end, waiting for others for waited of it. */
    void ended(Sequence s, RunRecord r, double start, double end, double waited) {
        if (r.type().payload() == RecordType.Payload.REGION) { // not a call: it marks the program's time
            regions.record(s, r, start);
            int at = s.index * FIELDS;
            figures[at + LAST_END] = end;
            figures[at + TRACED_LAST_END] = Math.max(figures[at + TRACED_LAST_END], r.start());
            return;
        }
        CallStats c = calls[r.call().index()];
        c.calls += r.type() == RecordType.REPEAT ? r.repeats() : 1;
        c.time += end - start;
        c.wait += waited;
        c.tracedTime += r.duration();
        if (r.type() != RecordType.REPEAT) c.bytes += bytesOf(r);
        double[] f = figures;
        int at = s.index * FIELDS;
        switch (r.type()) {
            case INIT -> {
                f[at + INIT_END] = end;
                f[at + TRACED_INIT_END] = r.start() + r.duration();
            }
            case FINALIZE -> {
                f[at + FINALIZE_START] = start;
                f[at + TRACED_FINALIZE_START] = r.start();
            }
            default -> {
                f[at + COMM] += end - start - waited;
                f[at + WAIT] += waited;
                f[at + TRACED_COMM] += r.duration();
            }
        }
        f[at + LAST_END] = end;
        f[at + TRACED_LAST_END] = Math.max(f[at + TRACED_LAST_END], r.start() + r.duration());
    }

    private static long bytesOf(RunRecord r) {
        return switch (r.type().payload()) {
            case RMA, COLLECTIVE -> r.bytes();
            default -> 0;
        };
    }

    /** The regions' figures, once the replay has ended. */
    List<RegionTimes.Region> regionTimes() {
        int n = taskOf.length;
        double[] lastEnd = new double[n], tracedLastEnd = new double[n];
        for (int i = 0; i < n; i++) {
            lastEnd[i] = figures[i * FIELDS + LAST_END];
            tracedLastEnd[i] = figures[i * FIELDS + TRACED_LAST_END];
        }
        return regions.finish(lastEnd, tracedLastEnd);
    }

    /** Each task's threads together, in task order (tasks without events left out). */
    List<PeTimes> taskTimes(int tasks) {
        PeTimes[] byTask = new PeTimes[tasks];
        double[] f = figures;
        for (int i = 0; i < taskOf.length; i++) {
            int at = i * FIELDS;
            PeTimes t = new PeTimes(taskOf[i], f[at + COMPUTE], f[at + COMM], f[at + WAIT], f[at + INIT_END],
                    f[at + FINALIZE_START], f[at + LAST_END], f[at + TRACED_INIT_END], f[at + TRACED_FINALIZE_START],
                    f[at + TRACED_LAST_END], moved[2 * i], moved[2 * i + 1], f[at + TRACED_COMPUTE], f[at + TRACED_COMM]);
            byTask[taskOf[i]] = byTask[taskOf[i]] == null ? t : byTask[taskOf[i]].with(t);
        }
        List<PeTimes> list = new ArrayList<>();
        for (PeTimes t : byTask) if (t != null) list.add(t);
        return list;
    }
}
