package io.shmemtrace.bench;

import io.shmemtrace.bench.config.BenchTest;
import io.shmemtrace.bench.report.Plot;
import io.shmemtrace.bench.report.RowTable;
import io.shmemtrace.bench.run.BenchRun;
import io.shmemtrace.bench.run.Deadline;
import io.shmemtrace.bench.run.Row;
import io.shmemtrace.bench.run.Toolchain.Built;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "run", mixinStandardHelpOptions = true, usageHelpWidth = 120,
        header = "Builds and runs a configuration's benchmarks; one row per test, API and size.",
        description = {"Generates, builds and runs CONFIG's benchmarks under oshrun; prints one row per test, API,",
                "timing and size: repetitions, relative standard error, min / median / max microseconds per call",
                "(less the row's baseline), MB/s at the median."})
final class RunCommand extends BenchCommand {
    @Parameters(paramLabel = "CONFIG", description = "the configuration file")
    Path config;

    @Mixin
    PesOption pes;

    @Option(names = "--csv", paramLabel = "FILE", description = "also write the rows as CSV")
    Path csv;

    @Option(names = "--plot", paramLabel = "FILE.svg", description = "draw time and bandwidth against size, log-log")
    Path plot;

    @Option(names = "--keep", paramLabel = "DIR", description = "build in DIR and keep it (default: a temporary directory)")
    Path keep;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (pes.npes < 1) {
            err().println("shmembench: --np must be at least 1");
            return 2;
        }
        List<BenchTest> tests = load(config);
        if (tests == null) return 2;
        int apiWidth = tests.stream().flatMap(t -> t.apis().stream()).mapToInt(a -> a.name().length()).max().orElse(0);
        RowTable.Printer table = new RowTable.Printer(out(), apiWidth);
        Results results;
        // the CSV row by row as each program ends, as the table: a run stopped midway keeps every row it measured
        try (PrintStream c = csv == null ? null
                : new PrintStream(Files.newOutputStream(csv), true, java.nio.charset.StandardCharsets.UTF_8)) {
            if (c != null) RowTable.csvHeader(c);
            results = runAll(this, tests, keep != null ? keep : temporaryDirectory("run"), pes.npes, List.of(), row -> {
                table.row(row);
                if (c != null) RowTable.csvRow(row, c);
            });
        }
        if (plot != null) {
            if (results.rows.stream().anyMatch(r -> r.bytes() > 0)) Plot.write(results.rows, plot);
            else err().println("shmembench: --plot: no row moves bytes; nothing to draw");
        }
        return results.failures == 0 ? 0 : 1;
    }

    /** Rows of every program, and how many builds or cases failed (each already reported on err). */
    record Results(List<Row> rows, int failures) {}

    static Results runAll(BenchCommand cmd, List<BenchTest> tests, Path dir, int npes)
            throws IOException, InterruptedException {
        return runAll(cmd, tests, dir, npes, List.of());
    }

    /** As above, the benchmarks built with these extra compiler flags. */
    static Results runAll(BenchCommand cmd, List<BenchTest> tests, Path dir, int npes, List<String> flags)
            throws IOException, InterruptedException {
        return runAll(cmd, tests, dir, npes, flags, row -> { });
    }

    /** As above, each row also to onRow as its program ends. */
    static Results runAll(BenchCommand cmd, List<BenchTest> tests, Path dir, int npes, List<String> flags,
                          java.util.function.Consumer<Row> onRow) throws IOException, InterruptedException {
        return runAll(cmd, tests, dir, npes, flags, onRow, null);
    }

    /** As above, the cases sharing deadline's time (null: none). */
    static Results runAll(BenchCommand cmd, List<BenchTest> tests, Path dir, int npes, List<String> flags,
                          java.util.function.Consumer<Row> onRow, Deadline deadline)
            throws IOException, InterruptedException {
        List<Row> rows = new ArrayList<>();
        int failures = 0;
        Progress progress = new Progress(cmd.err(), tests.stream().mapToInt(t -> t.cases().size()).sum());
        for (Built b : cmd.generateAndBuild(tests, dir, flags)) {
            if (!b.ok()) {
                if (!b.skipped()) failures++;
                continue;
            }
            java.util.function.Consumer<String> onLine = deadline == null ? progress::line : line -> {
                progress.line(line);
                if (line.startsWith("CASE\t")) deadline.caseBegun();
            };
            for (BenchRun.Attempt a : BenchRun.run(b, npes, deadline == null ? BenchRun.PLAIN : deadline.launch(),
                    BenchRun.Restart.RESUME, BenchRun.CASE_LIMIT_SECONDS, onLine)) {
                rows.addAll(a.rows());
                if (!a.rows().isEmpty()) progress.clear(); // the rows below the progress line, not on it
                a.rows().forEach(onRow);
                if (a.failure() != null) {
                    cmd.err().println("shmembench: " + b.source().path().getFileName() + ": " + a.failure());
                    failures++;
                }
            }
        }
        progress.done();
        return new Results(rows, failures);
    }

    /**
     * The case running, of how many, on stderr: on a terminal one self-overwriting line; otherwise one line per case
     * (a run into a log is not silent for minutes).
     */
    static final class Progress {
        private final PrintStream err;
        private final int total;
        private final boolean terminal = io.shmemtrace.io.Progress.onTerminal();
        private int started;

        Progress(PrintStream err, int total) {
            this.err = err;
            this.total = total;
        }

        void line(String line) {
            if (!line.startsWith("CASE\t")) return;
            String[] f = line.split("\t");
            started++;
            String what = f.length > 2 ? f[2] : "";
            if (terminal) err.printf("\rshmembench: case %d of %d: %-40s", Math.min(started, total), total, what);
            else err.printf("shmembench: case %d of %d: %s%n", Math.min(started, total), total, what);
            err.flush();
        }

        void done() {
            clear();
        }

        /** Blanks the progress line (rows follow on the terminal); it is drawn again at the next case. */
        void clear() {
            if (terminal && started > 0) err.printf("\r%80s\r", "");
            err.flush();
        }
    }
}
