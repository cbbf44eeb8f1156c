package io.shmemtrace.sim.cli;

import io.shmemtrace.cli.ManifestVersion;
import io.shmemtrace.cli.OutputFiles;
import io.shmemtrace.cli.Progress;
import io.shmemtrace.cli.ToolMain;
import io.shmemtrace.merged.format.PsinsLayout;
import io.shmemtrace.merged.merge.MergedRun;
import io.shmemtrace.merged.read.PsinsFile;
import io.shmemtrace.merged.read.PsinsFormatException;
import io.shmemtrace.merged.read.TaskEntry;
import io.shmemtrace.replay.engine.Replay;
import io.shmemtrace.replay.engine.ReplayException;
import io.shmemtrace.replay.machine.Machine;
import io.shmemtrace.replay.machine.MachineException;
import io.shmemtrace.replay.machine.MachineFile;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.Models;
import io.shmemtrace.replay.model.Target;
import io.shmemtrace.sim.report.JsonReport;
import io.shmemtrace.replay.report.Prediction;
import io.shmemtrace.replay.report.TextReport;
import io.shmemtrace.replay.report.WaitStates;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
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

    @Option(names = "--json", paramLabel = "FILE", description = "also write the prediction as one JSON object")
    Path json;

    @Option(names = "--force", description = "replace an existing --json file")
    boolean force;

    @Option(names = {"-q", "--quiet"}, description = "no progress bar")
    boolean quiet;

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
        return MergedRun.convert(trace, "shmemsim", err, f -> simulate(f, chosen, target));
    }

    private int simulate(PsinsFile f, CommModel model, Machine machine) throws IOException, PsinsFormatException {
        long t0 = System.nanoTime();
        Path merged = f.path();
        try {
            String problem = unreplayable(f);
            if (problem != null) {
                err.println("shmemsim: " + merged + ": " + problem);
                return 1;
            }
            int tasks = f.header().tasks();
            Machine m = machine != null ? machine : Machine.unlimited(tasks);
            Target target;
            MachineFile.Progress transfers;
            try {
                target = new Target(m, m.placement(tasks));
                model.configure(target);
                transfers = MachineFile.progress(m);
            } catch (MachineException e) {
                err.println("shmemsim: " + e.getMessage());
                return 2;
            }
            Replay replay = new Replay(f, model, target);
            if (model.usesMachineProgress() && transfers.any()) {
                replay.completionsNeedTarget(transfers.heap(), transfers.staticData());
            }
            Progress progress = new Progress(err, !quiet && Progress.onTerminal(), "shmemsim", f.header().events(), "events");
            replay.onProgress(done -> progress.update(done, done));
            WaitStates waits = WaitStates.collector(f, note -> err.println("shmemsim: " + note));
            replay.onWait(waits);
            Replay.Result result = replay.run();
            progress.done();
            String machineName = machine != null ? machineFile.getFileName() + " (" + m.nodeCount(tasks) + " node"
                    + (m.nodeCount(tasks) == 1 ? "" : "s") + ")" : "none";
            Prediction p = Prediction.of(model.name(), machineName, result, (System.nanoTime() - t0) / 1e9, waits);
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            TextReport.print(p, new PrintStream(text, false, StandardCharsets.UTF_8));
            if (json != null) JsonReport.write(p, json, true); // --force was checked before the replay
            out.print(text.toString(StandardCharsets.UTF_8));
            return 0;
        } catch (ReplayException e) {
            err.println("shmemsim: " + merged + ": " + e.getMessage());
            return 1;
        }
    }

    /** Why a merged trace cannot be replayed faithfully, or null. */
    private static String unreplayable(PsinsFile f) {
        if ((f.header().flags() & PsinsLayout.FLAG_PARTIAL) != 0 || f.header().missing() > 0) {
            return "a partial merge (" + f.header().missing() + " tasks missing): the others would wait for them forever";
        }
        for (TaskEntry t : f.tasks()) {
            if (t.damaged()) return "task " + t.task() + "'s trace was damaged when it was merged: its run is incomplete";
        }
        if (f.header().collectiveMismatches() > 0) {
            return "the merge found " + f.header().collectiveMismatches() + " collective calls that do not match across PEs";
        }
        return null;
    }
}
