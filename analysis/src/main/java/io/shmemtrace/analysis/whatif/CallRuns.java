package io.shmemtrace.analysis.whatif;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.RunRecord;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs of calls that one call could do: consecutive calls of one call site (the same function, region and site,
 * to the same target PE, or on the same PE set and root) with less than {@link #GAP_S} of computation between each
 * — a loop of small puts one word at a time, a reduction per value. The computation between them is taken as the
 * loop's own (and what the OS or the tracer took in it: a page fault of the trace's mapping every 16 KB of events
 * costs 2-3 us here), not work of the program's that a merged call would still need; the rules ask more (a mean
 * gap below {@link #LOOP_GAP_S}). What the rules look for (a {@link Finder} sees every record in the first pass over the run) and what the
 * {@code aggregate} what-if merges ({@link MergedRuns}).
 */
public final class CallRuns {
    /** Computation between two calls below which they are one loop's calls. */
    public static final double GAP_S = 10e-6;
    /** The mean computation between a run's calls below which it is only a loop's (what the rules ask). */
    public static final double LOOP_GAP_S = 1e-6;

    private CallRuns() {}

    /** Transfers (not atomics or signals: each is an operation of its own) and the collectives that move data. */
    static boolean mergeable(RecordType t) {
        return switch (t) {
            case PUT, PUT_NBI, P, IPUT, GET, GET_NBI, G, IGET, REDUCE, BROADCAST, COLLECT, FCOLLECT -> true;
            default -> false;
        };
    }

    /** Whether r, the record after prev in its task, continues prev's run. */
    static boolean continues(RunRecord prev, RunRecord r) {
        if (prev.type() != r.type() || prev.call() == null || r.call() == null || prev.call().index() != r.call().index()
                || prev.thread() != r.thread() || prev.enclosingRegion() != r.enclosingRegion() || prev.site() != r.site()
                || !(r.burstBefore() < GAP_S) || !mergeable(r.type())) {
            return false;
        }
        return r.type().payload() == RecordType.Payload.RMA ? prev.target() == r.target()
                : prev.set() == r.set() && prev.root() == r.root();
    }

    /** Where runs were found: a call at a site in a region (-1: none). */
    public record Key(int call, int region, int site) {}

    /**
     * What a key's runs hold: calls in runs, the runs, their bytes, the computation between the calls of a run (all
     * PEs).
     */
    /** seconds: per PE, what it spent in these runs (its calls and the computation between them). */
    public record Runs(Key key, RecordType type, long calls, long runs, long bytes, double gaps, double[] seconds) {
        /** The most one PE spent in them. */
        public double mostSeconds() {
            double m = 0;
            for (double s : seconds) m = Math.max(m, s);
            return m;
        }

        public double callsPerRun() {
            return runs == 0 ? 0 : (double) calls / runs;
        }

        public double bytesPerCall() {
            return calls == 0 ? 0 : (double) bytes / calls;
        }

        /** The mean computation between two calls of a run. */
        public double meanGap() {
            return calls > runs ? gaps / (calls - runs) : 0;
        }
    }

    /** Finds the runs of every call, record by record, each task's records in program order, one task after another. */
    public static final class Finder implements Consumer<RunRecord> {
        private final Map<Key, long[]> counts = new HashMap<>(); // calls, runs, bytes
        private final Map<Key, Double> gaps = new HashMap<>();
        private final Map<Key, double[]> seconds = new HashMap<>(); // per task
        private final int tasks;
        private final Map<Key, RecordType> types = new HashMap<>();
        private final RunRecord prev = new RunRecord();
        private boolean hasPrev;
        private int task = -1;
        /** The run in progress: its key, its calls, bytes and seconds (the first call's, then each call's and the gap). */
        private Key open;
        private long openCalls, openBytes;
        private double openSeconds, openGaps;

        public Finder(int tasks) {
            this.tasks = tasks;
        }

        @Override
        public void accept(RunRecord r) {
            if (r.task() != task) {
                close();
                task = r.task();
                hasPrev = false;
            }
            if (hasPrev && continues(prev, r)) {
                if (open == null) {
                    open = new Key(r.call().index(), r.enclosingRegion(), r.site());
                    types.put(open, r.type());
                    openCalls = 1;
                    openBytes = prev.bytes();
                    openSeconds = prev.duration();
                    openGaps = 0;
                }
                openGaps += r.burstBefore();
                openCalls++;
                openBytes += r.bytes();
                openSeconds += r.burstBefore() + r.duration();
            } else {
                close();
            }
            r.copyTo(prev);
            hasPrev = true;
        }

        private void close() {
            if (open == null) return;
            long[] c = counts.computeIfAbsent(open, k -> new long[3]);
            c[0] += openCalls;
            c[1]++;
            c[2] += openBytes;
            if (task >= 0 && task < tasks) seconds.computeIfAbsent(open, k -> new double[tasks])[task] += openSeconds;
            gaps.merge(open, openGaps, Double::sum);
            open = null;
        }

        /** The runs found, by key (call after its last task's records). */
        public List<Runs> runs() {
            close();
            task = -1;
            List<Runs> all = new ArrayList<>();
            counts.forEach((k, c) -> all.add(new Runs(k, types.get(k), c[0], c[1], c[2], gaps.get(k),
                    seconds.getOrDefault(k, new double[tasks]))));
            return all;
        }
    }
}
