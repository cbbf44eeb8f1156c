package io.shmemtrace.bin2txt;

import io.shmemtrace.cli.ManifestVersion;
import io.shmemtrace.cli.ToolMain;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceFormatException;
import io.shmemtrace.format.read.TraceProblem;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** shmembin2txt: shmemtrace traces to an event listing, a summary, or CSV. */
@Command(name = "shmembin2txt", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        description = {"Prints shmemtrace per-PE traces: by default every event, then the summary.",
                "Exit status: 0 all read cleanly, 1 some file or block had a problem (damaged, unreadable, or"
                        + " a PE that did not finalize; everything intact is still printed), 2 usage error."})
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

        @Option(names = "--layers", description = "each PE's Java-agent and native events in one listing, ordered"
                + " by time, a native call indented under the Java call that made it (directories: both pe*.shmt"
                + " and pe*.java.shmt)")
        boolean layers;
    }

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
    public Integer call() {
        boolean csv = output.csv, layers = output.layers, summaryOnly = output.summaryOnly;
        boolean damaged = false;
        List<Path> files = new ArrayList<>();
        for (Path p : paths) {
            damaged |= !expand(p, files);
        }
        List<Report> reports = new ArrayList<>();
        if (csv) {
            reports.add(new CsvReport(out));
        } else if (layers) {
            reports.add(new LayersReport(out));
        } else {
            if (!summaryOnly) reports.add(new ListingReport(out));
            reports.add(new SummaryReport(out));
        }
        List<TraceFile> opened = new ArrayList<>();
        for (Path f : files) {
            try {
                opened.add(TraceFile.open(f));
            } catch (TraceFormatException e) {
                err.println("shmembin2txt: " + e.getMessage());
                damaged = true;
            } catch (IOException e) {
                err.println("shmembin2txt: " + f + ": cannot read: " + e.getMessage());
                damaged = true;
            }
        }
        opened.sort(Comparator.comparingInt((TraceFile t) -> t.header().pe()).thenComparing(t -> t.path().toString()));
        reports.forEach(r -> r.begin(opened));
        for (TraceFile trace : opened) {
            damaged |= !print(trace, reports);
        }
        reports.forEach(Report::end);
        out.flush();
        return damaged ? 1 : 0;
    }

    /** Prints one file into every report; false if it had any problem (damage, or a PE that did not finish). */
    private boolean print(TraceFile trace, List<Report> reports) {
        boolean clean = true;
        try (trace) {
            reports.forEach(r -> r.beginFile(trace));
            trace.read(e -> reports.forEach(r -> r.event(e)));
            reports.forEach(r -> r.endFile(trace));
        } catch (IOException e) {
            err.println("shmembin2txt: " + trace.path() + ": cannot read: " + e.getMessage());
            clean = false;
        }
        for (TraceProblem p : trace.problems()) {
            err.println("shmembin2txt: " + p);
            clean = false;
        }
        return clean;
    }

    private boolean expand(Path path, List<Path> files) {
        if (Files.isDirectory(path)) {
            try (Stream<Path> list = Files.list(path)) {
                // The native layer's files; only the Java layer's when there are no others, or both with --layers.
                List<Path> all = list.filter(p -> p.getFileName().toString().matches("pe\\d+(\\.java)?\\.shmt"))
                        .sorted().toList();
                List<Path> found = output.layers ? all : all.stream().filter(p -> !p.toString().endsWith(".java.shmt")).toList();
                if (found.isEmpty()) found = all;
                if (found.isEmpty()) {
                    err.println("shmembin2txt: " + path + ": no pe*.shmt trace files in this directory");
                    return false;
                }
                files.addAll(found);
                return true;
            } catch (IOException e) {
                err.println("shmembin2txt: " + path + ": cannot list: " + e.getMessage());
                return false;
            }
        }
        if (!Files.isRegularFile(path)) {
            err.println("shmembin2txt: " + path + ": no such file or directory");
            return false;
        }
        files.add(path);
        return true;
    }
}
