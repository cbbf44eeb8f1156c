package io.shmemtrace.bin2txt;

import io.shmemtrace.cli.ManifestVersion;
import io.shmemtrace.io.OutputFiles;
import io.shmemtrace.io.Progress;
import io.shmemtrace.cli.RunOptions;
import io.shmemtrace.cli.ToolMain;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceFormatException;
import io.shmemtrace.format.read.TraceProblem;
import io.shmemtrace.format.read.TraceRun;
import io.shmemtrace.merged.merge.RunReading;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** shmembin2txt: shmemtrace traces to an event listing, a summary, or CSV. */
@Command(name = "shmembin2txt", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        description = {"Prints shmemtrace per-PE traces: by default every event, then the summary.",
                "Exit status: 0 all read (a PE that exited without shmem_finalize is a note), 1 some file or block"
                        + " had a problem (damaged, unreadable, or a PE that crashed or was killed; everything"
                        + " intact is still printed), 2 usage error."})
public final class Shmembin2txt implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "PATH", description = "a run directory (its pe*.shmt files) or trace files")
    List<Path> paths;

    @ArgGroup(exclusive = true)
    Output output = new Output();

    /** What is printed: listing and summary (the default), or one of these. */
    static final class Output {
        @Option(names = "--summary", description = "only the summary: per-function calls/time/bytes, SHMEM vs CPU"
                + " time, the PE x PE bytes matrix, how each PE ended")
        boolean summaryOnly;

        @Option(names = "--csv", description = "one CSV row per event, header row first")
        boolean csv;

        @Option(names = "--html", paramLabel = "FILE", description = "write a report page instead: job facts, time in"
                + " SHMEM per PE, calls per function, message sizes, the bytes heatmap, a timeline (--window) and the"
                + " wait states; one self-contained file")
        Path html;

        @Option(names = "--layers", description = "each PE's Java-agent and native events in one listing, ordered"
                + " by time, a native call indented under the Java call that made it (directories: both pe*.shmt"
                + " and pe*.java.shmt)")
        boolean layers;
    }

    @Option(names = {"--waits", "--patterns"}, description = "wait states instead (the KOJAK paper's patterns, for SHMEM):"
            + " time lost at barriers, at all-to-all collectives, to late broadcast roots, to lock holders, to late writers"
            + " (a wait released by a put issued late) and in quiets that _nbi transfers were not hidden from; in"
            + " total, per PE and per call site (with --csv: pattern,pe,callsite,seconds rows). The run is merged"
            + " first (shmem2psins) onto one time base")
    boolean waits;

    @Option(names = "--window", paramLabel = "START:END", converter = TimeWindow.Converter.class,
            description = "with --html: the timeline's span, seconds after the earliest PE's init (default: the calls"
                    + " between init and finalize, as many as fit)")
    TimeWindow window;

    @Option(names = "--pes", paramLabel = "LIST", converter = PeList.Converter.class,
            description = "PEs that get summary sections of their own, e.g. 0-15,37 (default: every PE of a run of up"
                    + " to 64; past that the job and across-PE sections only)")
    PeList pes;

    @Option(names = "--matrix", paramLabel = "FILE", description = "write the whole PE x PE matrix of bytes moved as"
            + " sparse CSV (from_pe,to_pe,bytes); the summary shows it aggregated past 64 PEs")
    Path matrixFile;

    @Option(names = "--ns", description = "the summary's times as exact integer ns (columns total_ns, ...), for"
            + " scripts; by default with 4 significant digits in s, ms, us or ns")
    boolean exactNs;

    @Option(names = "--force", description = "replace existing output files (--html, --matrix)")
    boolean force;

    @Mixin
    RunOptions runOptions;

    private final PrintStream out;
    private final PrintStream err;

    Shmembin2txt(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        ToolMain.main(Shmembin2txt::new, args);
    }

    /** Runs the tool without exiting the JVM; returns the exit status. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        return ToolMain.run(new Shmembin2txt(out, err), args, out, err);
    }

    @Override
    public Integer call() throws IOException {
        if (OutputFiles.refused(err, "shmembin2txt", force, output.html, matrixFile)) return 1;
        if (waits) return WaitsOption.print(paths, output, runOptions, out, err);
        TraceRun run;
        int[] problems = {0};
        try {
            // one run, any of its PEs (a listing of one PE's file is no damage)
            run = TraceRun.scan(paths, new TraceRun.Options(output.layers ? TraceRun.Layers.BOTH : TraceRun.Layers.ONE,
                    runOptions.maxOpen, false), m -> {
                        problems[0]++;
                        err.println("shmembin2txt: " + m);
                    });
        } catch (TraceRun.NoTracesException e) {
            err.println("shmembin2txt: " + e.getMessage());
            return 1;
        }
        if (pes != null && !pes.outside(run.npes()).isEmpty()) {
            err.println("shmembin2txt: --pes " + pes.text() + ": PEs " + pes.outside(run.npes()) + " are not in this run of "
                    + run.npes() + " PEs (0-" + (run.npes() - 1) + ")");
        }
        if (matrixFile == null) return report(run, null, problems[0] > 0);
        boolean[] failed = {false};
        OutputFiles.write(matrixFile, true, f -> { // checked above; the rows go to it as they come
            try (PrintStream matrix = new PrintStream(new BufferedOutputStream(Files.newOutputStream(f), 1 << 16), false)) {
                failed[0] = report(run, matrix, problems[0] > 0) != 0;
            }
        });
        return failed[0] ? 1 : 0;
    }

    /** Runs the reports over every input; 1 when something could not be read. */
    private int report(TraceRun run, PrintStream matrix, boolean failedBefore) {
        List<Report> reports = reports(run, matrix);
        boolean failed = failedBefore;
        reports.forEach(r -> r.begin(run));
        // a bar where nothing else is printed while the files are read (stderr a terminal)
        Progress progress = new Progress(err, (output.html != null || output.summaryOnly) && bars() != null,
                "shmembin2txt", run.inputs().size(), "PEs");
        long read = 0;
        for (TraceRun.Input input : run.inputs()) {
            failed |= !print(input, reports);
            progress.update(++read, 0);
        }
        progress.done();
        reports.forEach(Report::end);
        out.flush();
        return failed ? 1 : 0;
    }

    private List<Report> reports(TraceRun run, PrintStream matrix) {
        List<Report> reports = new ArrayList<>();
        if (output.csv) {
            reports.add(new CsvReport(out));
        } else if (output.layers) {
            reports.add(new LayersReport(out));
        } else if (output.html != null) {
            ByteMatrix heatmap = new ByteMatrix(null, HtmlReport.HEATMAP_LIMIT, HtmlReport.HEATMAP_LIMIT);
            CallSiteReport sites = new CallSiteReport(new PrintStream(java.io.OutputStream.nullOutputStream()), this::note,
                    times());
            reports.add(heatmap);
            reports.add(sites);
            Supplier<String> waitStates = paths.size() != 1
                    ? () -> "<p id=\"wait-states\">Not found: the wait states need one run directory.</p>\n"
                    : HtmlReport.isProfile(run) ? () -> "" // never asked: a profile's page has no wait states
                    : new Ahead<>("wait-states", bars -> WaitsOption.html(paths.get(0), bars, reading()), bars());
            reports.add(new HtmlReport(output.html, heatmap, sites, pes, window, waitStates, findings(run)));
        }
        boolean summary = !output.csv && !output.layers && output.html == null;
        if (summary || matrix != null) { // the matrix feeds --matrix whatever is printed
            ByteMatrix bytes = new ByteMatrix(matrix);
            reports.add(bytes);
            if (summary) {
                if (!output.summaryOnly) reports.add(new ListingReport(out));
                reports.add(new SummaryReport(out, pes, bytes, findings(run), times()));
                reports.add(new CallSiteReport(out, this::note, times()));
            }
        }
        return reports;
    }

    private Durations times() {
        return new Durations(exactNs);
    }

    /** The findings, worked out beside the report's pass (or why there are none, at once). */
    private Supplier<RunFindings.View> findings(TraceRun run) {
        String[] why = {null};
        Path dir = RunFindings.directory(run, why);
        if (dir == null) return () -> RunFindings.View.none(why[0]);
        return new Ahead<>("findings", bars -> RunFindings.of(dir, bars, reading()), bars());
    }

    /** Where progress bars go: stderr when it is a terminal, unless -q. */
    private PrintStream bars() {
        return !runOptions.quiet && Progress.onTerminal() ? err : null;
    }

    /** How a run directory is merged for the wait states and the findings. */
    private RunReading reading() {
        return new RunReading(runOptions.allowPartial, runOptions.maxOpen);
    }

    private void note(String message) {
        err.println("shmembin2txt: " + message);
    }

    /**
     * Prints one file into every report, then closes it; false if it could not be read or had damage or was
     * cut short by a crash (a PE that exited without shmem_finalize is only a note).
     */
    private boolean print(TraceRun.Input input, List<Report> reports) {
        boolean clean = true;
        TraceFile trace;
        try {
            trace = input.file();
        } catch (TraceFormatException e) {
            err.println("shmembin2txt: " + e.getMessage());
            return false;
        } catch (IOException e) {
            err.println("shmembin2txt: " + input.path() + ": cannot read: " + e.getMessage());
            return false;
        }
        try {
            reports.forEach(r -> r.beginFile(trace));
            trace.read(e -> reports.forEach(r -> r.event(e)));
            reports.forEach(r -> r.endFile(trace));
        } catch (IOException e) {
            err.println("shmembin2txt: " + trace.path() + ": cannot read: " + e.getMessage());
            clean = false;
        } finally {
            input.close();
        }
        for (TraceProblem p : trace.problems()) {
            err.println("shmembin2txt: " + p);
            clean &= !p.error();
        }
        return clean;
    }
}
