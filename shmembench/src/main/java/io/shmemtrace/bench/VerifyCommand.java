package io.shmemtrace.bench;

import io.shmemtrace.bench.config.BenchTest;
import io.shmemtrace.bench.run.BenchRun;
import io.shmemtrace.bench.run.Toolchain.Built;
import io.shmemtrace.bench.verify.CountsFile;
import io.shmemtrace.bench.verify.TraceCounts;
import io.shmemtrace.bench.verify.Verification;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "verify", mixinStandardHelpOptions = true, usageHelpWidth = 120,
        header = "Checks that the tracer records exactly the calls and bytes the benchmarks make.",
        description = {"Checks a tracer installation, as the paper built ShmemBench for: runs the generated benchmarks",
                "(every API of every class, or --config's) under the tracer and checks, per PE and API, that the",
                "trace holds exactly the calls and bytes each benchmark counted of itself.",
                "Prints 'verified: N APIs, M calls' or each mismatch (exit 1)."})
final class VerifyCommand extends BenchCommand {
    private static final String BUILT_IN = "/io/shmemtrace/bench/verify.cfg";
    private static final String TRACES = "traces";

    @Mixin
    PesOption pes;

    @Option(names = "--config", paramLabel = "CONFIG", description = "benchmark this configuration (default: built in)")
    Path config;

    @Option(names = "--tracer", paramLabel = "PATH", description = "the tracer launcher (default: bin/shmemtrace of this installation)")
    Path tracer;

    @Option(names = "--keep", paramLabel = "DIR", description = "build and trace in DIR and keep it")
    Path keep;

    @Option(names = "--check", paramLabel = "DIR",
            description = "run nothing: check again the traces and counts that verify --keep DIR kept")
    Path check;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Path dir;
        int failures = 0;
        if (check != null) {
            dir = check;
        } else {
            Path launcher = tracer != null ? tracer : Installation.tracer();
            if (launcher == null || !Files.isExecutable(launcher)) {
                err().println("shmembench: no tracer at " + (launcher != null ? launcher : "bin/shmemtrace")
                        + " (give one with --tracer PATH)");
                return 2;
            }
            List<BenchTest> tests = config != null ? load(config) : builtIn(BUILT_IN);
            if (tests == null) return 2;
            dir = keep != null ? keep : temporaryDirectory("verify");
            failures = traceBenchmarks(tests, dir, launcher);
        }
        Verification v = new Verification();
        Path traces = dir.resolve(TRACES);
        List<Path> kept;
        try (var files = Files.list(traces)) {
            kept = files.filter(f -> f.getFileName().toString().endsWith(CountsFile.SUFFIX)).sorted().toList();
        } catch (java.nio.file.NoSuchFileException e) {
            kept = List.of();
        }
        if (kept.isEmpty()) {
            err().println("shmembench: " + traces + ": no traced benchmark runs to check");
            return 1;
        }
        for (Path countsFile : kept) {
            String name = countsFile.getFileName().toString();
            Path traceDir = countsFile.resolveSibling(name.substring(0, name.length() - CountsFile.SUFFIX.length()));
            CountsFile.Counts made = CountsFile.read(countsFile);
            TraceCounts.Result t = TraceCounts.read(traceDir);
            for (String p : t.problems()) v.mismatches().add(traceDir.getFileName() + ": " + p);
            v.compare(traceDir.getFileName().toString(), made.npes(), made.byPe(), t.counts());
        }
        v.mismatches().forEach(out()::println);
        if (!v.mismatches().isEmpty() || failures > 0) {
            out().println("not verified: " + v.mismatches().size() + " mismatch" + (v.mismatches().size() == 1 ? "" : "es")
                    + (failures > 0 ? ", " + failures + " program" + (failures == 1 ? "" : "s") + " not built" : ""));
            return 1;
        }
        out().println("verified: " + v.apis() + " APIs, " + v.calls() + " calls");
        return 0;
    }

    /** Builds and runs the benchmarks under the tracer; keeps each complete run's counts beside its trace. */
    private int traceBenchmarks(List<BenchTest> tests, Path dir, Path launcher) throws IOException, InterruptedException {
        Path traces = Files.createDirectories(dir.resolve(TRACES));
        BenchRun.Launch traced = new BenchRun.Launch() {
            public List<String> prefix() { return List.of(launcher.toAbsolutePath().toString()); }
            public Path traceDir(Built b, int attempt) {
                return traces.resolve(b.source().path().getFileName().toString().replace('.', '-') + "-" + attempt);
            }
        };
        int failures = 0;
        for (Built b : generateAndBuild(tests, dir, List.of("-DTARGET_US=20"))) {
            if (!b.ok()) {
                if (!b.skipped()) failures++;
                continue;
            }
            for (BenchRun.Attempt a : BenchRun.run(b, pes.npes, traced, BenchRun.Restart.WHOLE)) {
                if (a.failure() == null) CountsFile.write(CountsFile.of(a.traceDir()), pes.npes, a.counts());
                else err().println("shmembench: " + b.source().path().getFileName() + ": left out, " + a.failure());
            }
        }
        return failures;
    }
}
