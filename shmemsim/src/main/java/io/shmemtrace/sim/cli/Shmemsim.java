package io.shmemtrace.sim.cli;

import io.shmemtrace.analysis.Diagnosis;
import io.shmemtrace.analysis.whatif.WhatIf;
import io.shmemtrace.cli.ManifestVersion;
import io.shmemtrace.cli.RunOptions;
import io.shmemtrace.cli.ToolMain;
import io.shmemtrace.io.OutputFiles;
import io.shmemtrace.io.Progress;
import io.shmemtrace.merged.merge.MergedRun;
import io.shmemtrace.merged.merge.RunException;
import io.shmemtrace.merged.merge.RunReading;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.replay.engine.Replay;
import io.shmemtrace.replay.engine.ReplayException;
import io.shmemtrace.replay.machine.Machine;
import io.shmemtrace.replay.machine.MachineException;
import io.shmemtrace.replay.machine.MachineFile;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.Models;
import io.shmemtrace.replay.report.Interval;
import io.shmemtrace.replay.report.Prediction;
import io.shmemtrace.replay.report.Simulation;
import io.shmemtrace.replay.report.TextReport;
import io.shmemtrace.sim.report.JsonReport;
import io.shmemtrace.sim.report.PricedWhatIf;
import io.shmemtrace.sim.report.WhatIfReport;
import io.shmemtrace.waits.WaitStates;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** shmemsim: the seed's Shmem Simulator. Replays a merged run on a model of a machine and predicts its time. */
@Command(name = "shmemsim", mixinStandardHelpOptions = true, usageHelpWidth = 120, versionProvider = ManifestVersion.class,
        description = {"Replays a merged run (shmem2psins) on a target machine and predicts the application's time",
                "there: from the end of shmem_init to the start of shmem_finalize. Prints PSINS's lines (TaskTimes,",
                "ETime, Event, TotalPredictionTime), then statistics. Exit status: 0 predicted, 1 a trace that cannot",
                "be replayed (nothing written), 2 usage or machine-file error."},
        footer = {"", "Models (--comm-model):", "${sys:shmemsim.models}"})
public final class Shmemsim implements Callable<Integer> {
    static {
        System.setProperty("shmemsim.models", Models.all().stream()
                .map(m -> String.format("  %-11s %s", m.name(), m.description())).collect(Collectors.joining("%n")));
    }

    @Parameters(paramLabel = "TRACE", description = "a merged trace (.psins), or a run directory (merged on the fly)")
    Path trace;

    @Option(names = "--machine", paramLabel = "FILE", description = "the target machine (PSINS syntax; shmembench calibrate writes one)")
    Path machineFile;

    @Option(names = "--comm-model", paramLabel = "NAME", defaultValue = Models.DEFAULT,
            description = "communication model (default: ${DEFAULT-VALUE}; listed below)")
    String modelName;

    @Option(names = "--no-interval", description = "predict the window alone, without its interval (the interval"
            + " replays the run twice more, at the fast and the slow end of what was measured: about 2.5 times the time)")
    boolean noInterval;

    @Option(names = "--json", paramLabel = "FILE", description = "also write the prediction as one JSON object")
    Path json;

    @Option(names = "--force", description = "replace an existing --json file")
    boolean force;

    @Mixin
    RunOptions runOptions;

    @Option(names = "--what-if", paramLabel = "SPEC", description = "also replay the run changed: " + WhatIf.SYNTAX
            + " (repeatable; each with its predicted window and gain)")
    List<String> whatIfSpecs = new ArrayList<>();

    private final PrintStream out;
    private final PrintStream err;

    Shmemsim(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        ToolMain.main(Shmemsim::new, args);
    }

    /** Runs the tool without exiting the JVM; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return ToolMain.run(new Shmemsim(out, err), args, out, err);
    }

    @Override
    public Integer call() throws IOException {
        if (OutputFiles.refused(err, "shmemsim", force, json)) return 1;
        List<WhatIf> whatIfs = new ArrayList<>();
        try {
            for (String spec : whatIfSpecs) whatIfs.add(WhatIf.parse(spec));
        } catch (IllegalArgumentException e) {
            err.println("shmemsim: " + e.getMessage());
            return 2;
        }
        CommModel model = Models.named(modelName).orElse(null);
        if (model == null) {
            err.println("shmemsim: no model '" + modelName + "' (models: "
                    + Models.all().stream().map(CommModel::name).collect(Collectors.joining(", ")) + ")");
            return 2;
        }
        Machine machine = null;
        if (machineFile != null) {
            try {
                machine = MachineFile.read(machineFile);
            } catch (MachineException e) {
                err.println("shmemsim: " + e.getMessage());
                return 2;
            }
        } else if (model.needsMachine()) {
            err.println("shmemsim: model " + model.name() + " needs a machine file (--machine FILE; shmembench calibrate"
                    + " writes one for this machine)");
            return 2;
        }
        CommModel chosen = model;
        Machine target = machine;
        try {
            return MergedRun.convert(trace, new RunReading(runOptions.allowPartial, runOptions.maxOpen),
                    runOptions.messages("shmemsim", err), f -> simulate(f, chosen, target, whatIfs));
        } catch (RunException e) {
            err.println("shmemsim: " + e.getMessage());
            return 1;
        }
    }

    private int simulate(MergedFile f, CommModel model, Machine machine, List<WhatIf> whatIfs)
            throws IOException, MergedFormatException {
        long t0 = System.nanoTime();
        Path merged = f.path();
        try {
            String problem = Simulation.unreplayable(f);
            if (problem != null) {
                err.println("shmemsim: " + merged + ": " + problem);
                return 1;
            }
            int tasks = f.header().tasks();
            Replay replay;
            try {
                replay = Simulation.replay(f, model, machine);
            } catch (MachineException e) {
                err.println("shmemsim: " + e.getMessage());
                return 2;
            }
            Progress progress = new Progress(err, !runOptions.quiet && Progress.onTerminal(), "shmemsim", f.header().events(), "events");
            replay.onProgress(done -> progress.update(done, done));
            WaitStates waits = WaitStates.collector(f, note -> err.println("shmemsim: " + note));
            replay.onWait(waits);
            Replay.Result result = replay.run();
            progress.done();
            String machineName = machine != null ? machineFile.getFileName() + " (" + machine.nodeCount(tasks) + " node"
                    + (machine.nodeCount(tasks) == 1 ? "" : "s") + ")" : "none";
            Prediction p = Prediction.of(model.label(), machineName, result, (System.nanoTime() - t0) / 1e9, waits);
            List<PricedWhatIf> priced = new ArrayList<>();
            try {
                Interval interval = noInterval ? Interval.none(machine) : Interval.of(f, model, machine);
                Interval.Ends ends = interval.ends(f, model);
                p = interval.around(p, ends);
                Diagnosis diagnosis = new Diagnosis(f, machine, model);
                // each end of a what-if's interval: the window at that end less the gain on the machine at that end
                // (one diagnosis per end: each replays the run unchanged once, for all the what-ifs)
                Diagnosis atLow = interval.calibrated() ? new Diagnosis(f, interval.lowMachine(), model) : null;
                Diagnosis atHigh = interval.calibrated() ? new Diagnosis(f, interval.highMachine(), model) : null;
                for (WhatIf w : whatIfs) {
                    PricedWhatIf at = PricedWhatIf.of(diagnosis.price(w), p.predicted());
                    double gainAtLow = atLow == null ? at.priced().gain() : atLow.price(w).gain();
                    double gainAtHigh = atHigh == null ? at.priced().gain() : atHigh.price(w).gain();
                    if (ends == null) {
                        priced.add(at);
                        continue;
                    }
                    Interval.Ends after = new Interval.Ends(ends.atLow() - gainAtLow, ends.atHigh() - gainAtHigh);
                    priced.add(new PricedWhatIf(at.priced(), at.window(), after.low(at.window()), after.high(at.window())));
                }
            } catch (IllegalArgumentException | MachineException e) {
                err.println("shmemsim: " + e.getMessage());
                return 2;
            }
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            PrintStream report = new PrintStream(text, false, StandardCharsets.UTF_8);
            TextReport.print(p, report);
            WhatIfReport.print(p.predicted(), priced, report);
            report.flush();
            if (json != null) JsonReport.write(p, priced, json, true); // --force was checked before the replay
            out.print(text.toString(StandardCharsets.UTF_8));
            return 0;
        } catch (ReplayException e) {
            err.println("shmemsim: " + merged + ": " + e.getMessage());
            return 1;
        }
    }
}
