package io.shmemtrace.findings.cli;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.shmemtrace.analysis.findings.Report;
import io.shmemtrace.cli.ManifestVersion;
import io.shmemtrace.io.OutputFiles;
import io.shmemtrace.io.Progress;
import io.shmemtrace.cli.RunOptions;
import io.shmemtrace.cli.ToolMain;
import io.shmemtrace.merged.merge.MergedRun;
import io.shmemtrace.merged.merge.RunException;
import io.shmemtrace.merged.merge.RunReading;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.replay.engine.ReplayException;
import io.shmemtrace.replay.machine.Machine;
import io.shmemtrace.replay.machine.MachineException;
import io.shmemtrace.replay.machine.MachineFile;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.Models;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** shmemtrace findings: why a run is slow, who made whom wait, and what a fix would save, priced by the replay. */
@Command(name = "shmemtrace findings", mixinStandardHelpOptions = true, usageHelpWidth = 120,
        versionProvider = ManifestVersion.class,
        description = {"Diagnoses a run: its critical path, the causes of its wait states (which PE was late, doing",
                "what), and findings ranked by what their fix would save, each fix replayed by the simulator (on the",
                "traced times, or on --machine). Exit status: 0 diagnosed, 1 a run that cannot be replayed, 2 usage or",
                "machine-file error. The rules and their thresholds: docs/findings.md."})
public final class FindingsTool implements Callable<Integer> {
    @Parameters(paramLabel = "RUN", description = "a run directory (merged on the fly) or a merged file (.psins)")
    Path run;

    @Option(names = "--machine", paramLabel = "FILE",
            description = "price the fixes on this machine (shmembench calibrate writes one); default: the traced times")
    Path machineFile;

    @Option(names = "--comm-model", paramLabel = "NAME", defaultValue = Models.DEFAULT,
            description = "the model with --machine (default: ${DEFAULT-VALUE})")
    String modelName;

    @Option(names = "--json", paramLabel = "FILE", description = "also write the findings as one JSON object")
    Path json;

    @Option(names = "--force", description = "replace an existing --json file")
    boolean force;

    @Mixin
    RunOptions runOptions;

    private static final String TOOL = "shmemtrace findings";
    private final PrintStream out;
    private final PrintStream err;

    FindingsTool(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        ToolMain.main(FindingsTool::new, args);
    }

    @Override
    public Integer call() throws IOException {
        if (OutputFiles.refused(err, TOOL, force, json)) return 1;
        Machine machine = null;
        CommModel model = null;
        if (machineFile != null) {
            model = Models.named(modelName).orElse(null);
            if (model == null) {
                err.println(TOOL + ": no model '" + modelName + "'");
                return 2;
            }
            try {
                machine = MachineFile.read(machineFile);
            } catch (MachineException e) {
                err.println(TOOL + ": " + e.getMessage());
                return 2;
            }
        }
        Machine m = machine;
        CommModel chosen = model;
        try {
            return MergedRun.convert(run, new RunReading(runOptions.allowPartial, runOptions.maxOpen),
                    runOptions.messages(TOOL, err), f -> diagnose(f, m, chosen));
        } catch (RunException e) {
            err.println(TOOL + ": " + e.getMessage());
            return 1;
        }
    }

    private int diagnose(MergedFile f, Machine machine, CommModel model) throws IOException, MergedFormatException {
        try {
            Progress progress = new Progress(err, !runOptions.quiet && Progress.onTerminal(), TOOL, f.header().events(), "events");
            String basis = machineFile == null ? "on the traced times" : "on " + machineFile.getFileName() + ", model "
                    + model.name();
            Report report = Report.of(f, run.toString(), machine, model, basis, done -> progress.update(done, done),
                    note -> err.println(TOOL + ": " + note));
            progress.done();
            if (json != null) {
                OutputFiles.write(json, true, file -> {
                    try (JsonGenerator g = new JsonFactory().createGenerator(file.toFile(), JsonEncoding.UTF8)) {
                        g.useDefaultPrettyPrinter();
                        report.write(g);
                    }
                });
            }
            report.print(out);
            return 0;
        } catch (ReplayException e) {
            err.println(TOOL + ": " + f.path() + ": " + e.getMessage());
            return 1;
        } catch (MachineException e) {
            err.println(TOOL + ": " + e.getMessage());
            return 2;
        }
    }
}
