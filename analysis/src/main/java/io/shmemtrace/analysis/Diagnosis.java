package io.shmemtrace.analysis;

import io.shmemtrace.analysis.delay.Delays;
import io.shmemtrace.analysis.path.CriticalPath;
import io.shmemtrace.analysis.whatif.CallRuns;
import io.shmemtrace.analysis.whatif.ComputeByRegion;
import io.shmemtrace.analysis.whatif.TracedOwnCosts;
import io.shmemtrace.analysis.whatif.WhatIf;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.replay.engine.Bursts;
import io.shmemtrace.replay.engine.ChangedCalls;
import io.shmemtrace.replay.engine.Observer;
import io.shmemtrace.replay.engine.Replay;
import io.shmemtrace.replay.engine.ReplayException;
import io.shmemtrace.replay.machine.Machine;
import io.shmemtrace.replay.machine.MachineException;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.MeasuredModel;
import io.shmemtrace.replay.report.Prediction;
import io.shmemtrace.replay.report.Simulation;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.function.LongConsumer;

/**
 * The diagnosis of a merged run: one replay that times it (on the traced times, or on a machine) and, in the same
 * pass, follows its critical path and the causes of its waits; then what-ifs, each replayed to price it. On the
 * traced times the analysis replays with the measured model (the run exactly as traced) and the what-ifs with
 * {@link TracedOwnCosts} (the traced costs without their waits, so that a change can shorten a wait); each what-if's
 * gain is the difference between two replays under that one model, the run unchanged and changed.
 */
public final class Diagnosis {
    private final MergedFile file;
    private final Machine machine;
    private final CommModel analysisModel;
    private final CommModel whatIfModel;
    private ComputeByRegion compute;
    private List<CallRuns.Runs> runs;
    private final Map<WhatIf, Future<Priced>> ahead = new ConcurrentHashMap<>();
    /** The run unchanged under the what-if model, replayed once: on a what-if thread, or by the first to ask. */
    private final FutureTask<Double> baseline;
    /** The plan's task: done once its what-ifs are submitted. */
    private Future<?> planned;
    private ExecutorService pool;

    /**
     * machine: the target machine, or null (every task its own node, no limits); model: what prices the calls, or
     * null for the traced times (the measured model; its what-ifs without the traced waits).
     */
    public Diagnosis(MergedFile file, Machine machine, CommModel model) {
        this.file = file;
        this.machine = machine;
        this.analysisModel = model == null ? new MeasuredModel() : model;
        this.whatIfModel = analysisModel instanceof MeasuredModel ? new TracedOwnCosts() : analysisModel;
        this.baseline = new FutureTask<>(() -> window(Simulation.replay(file, whatIfModel, machine).run()));
    }

    /** Whether calls are priced by a model of a machine (a machine file's), not at their traced times. */
    public boolean pricesByMachine() {
        return !(analysisModel instanceof MeasuredModel);
    }

    /** What the analysis replay found: the window it timed, the critical path, the causes of the waits. */
    public record Result(double window, CriticalPath.Result path, Delays.Result delays, Replay.Result replay) {}

    /** The analysis replay. */
    public Result analyse(LongConsumer progress) throws IOException, MergedFormatException, MachineException, ReplayException {
        Replay replay = Simulation.replay(file, analysisModel, machine);
        CriticalPath path = new CriticalPath(replay.sequences());
        Delays delays = new Delays(replay.sequences());
        replay.observe(new Observer() {
            @Override
            public void started(int seq, int task, RunRecord r, double clock, double start) {
                path.started(seq, task, r, clock, start);
                delays.started(seq, task, r, clock, start);
            }

            @Override
            public void ended(int seq, int task, RunRecord r, double start, double end, double waited, int causeSeq,
                              long causeEvent) {
                path.ended(seq, task, r, start, end, waited, causeSeq, causeEvent);
                delays.ended(seq, task, r, start, end, waited, causeSeq, causeEvent);
            }
        });
        if (progress != null) replay.onProgress(progress);
        Replay.Result r = replay.run();
        return new Result(window(r), path.result(), delays.result(), r);
    }

    /** A what-if, priced: the window of the run unchanged and changed under the what-if model, and the gain. */
    public record Priced(WhatIf whatIf, double unchanged, double changed) {
        public double gain() {
            return unchanged - changed;
        }
    }

    /** What-ifs worked out from the run (the rules' likely fixes), on a what-if thread. */
    @FunctionalInterface
    public interface Plan {
        List<WhatIf> whatIfs() throws IOException, MergedFormatException;
    }

    /**
     * Starts pricing what-ifs beside the analysis replay, on threads of their own (the replays only read the merged
     * file, by positional reads): the run unchanged (the baseline every gain is measured from), then the what-ifs the
     * plan works out (it may read the run: {@link #compute}), each a task of its own, on the cores the analysis
     * leaves; the analysis does not wait for the pass that plans them. {@link #price} then takes their results.
     */
    public void priceAhead(Plan plan) {
        if (!Files.isRegularFile(file.path())) return; // a run made again from its traces: one reader at a time
        pool().execute(baseline);
        Future<?> f = pool().submit(() -> {
            plan.whatIfs().forEach(this::submit);
            return null;
        });
        synchronized (this) {
            planned = f;
        }
    }

    private void submit(WhatIf w) {
        ahead.computeIfAbsent(w, k -> pool().submit(() -> priceNow(k)));
    }

    /** Replays the run changed by w (and, once, unchanged); IllegalArgumentException for a region or PE the run lacks. */
    public Priced price(WhatIf w) throws IOException, MergedFormatException, MachineException, ReplayException {
        Future<?> plan;
        synchronized (this) {
            plan = planned;
        }
        if (plan != null) Simulation.take(plan); // the plan's what-ifs are submitted: not priced twice
        Future<Priced> f = ahead.get(w);
        return f == null ? priceNow(w) : Simulation.take(f);
    }

    /** The changed run first, then the baseline (replayed beside it when priced ahead, else here, once). */
    private Priced priceNow(WhatIf w) throws IOException, MergedFormatException, MachineException, ReplayException {
        Bursts bursts = w.bursts(compute(), file.regionNames());
        Replay changed = Simulation.replay(file, w.model(whatIfModel), machine);
        if (bursts != null) changed.changeBursts(bursts);
        ChangedCalls merged = w.calls(file);
        if (merged != null) changed.changeCalls(merged);
        double window = window(changed.run());
        baseline.run(); // nothing when it ran or runs elsewhere
        return new Priced(w, Simulation.take(baseline), window);
    }

    /**
     * Threads for the what-ifs: the cores the analysis leaves (at least one, at most 4: each replay holds its own
     * state). On two cores a second what-if thread only slowed the analysis replay, the findings' long pole (16,384 PEs
     * x 1,000 events: 15.4-15.8 s against 14.2-14.8 s).
     */
    private synchronized ExecutorService pool() {
        if (pool == null) {
            int[] made = {0};
            pool = Executors.newFixedThreadPool(Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors() - 1)),
                    r -> {
                        Thread t = new Thread(r, "what-ifs-" + ++made[0]);
                        t.setDaemon(true); // a tool ended early does not wait for it
                        return t;
                    });
        }
        return pool;
    }

    /** Each task's computation per region, as traced. */
    public synchronized ComputeByRegion compute() throws IOException, MergedFormatException {
        if (compute == null) {
            CallRuns.Finder finder = new CallRuns.Finder(file.header().tasks());
            compute = ComputeByRegion.of(file, finder);
            runs = finder.runs();
        }
        return compute;
    }

    /** The runs of calls that one call could do, found in the same pass as {@link #compute}. */
    public synchronized List<CallRuns.Runs> runs() throws IOException, MergedFormatException {
        compute();
        return runs;
    }

    private static double window(Replay.Result r) {
        return Prediction.of("", "", r, 0, null).predicted();
    }
}
