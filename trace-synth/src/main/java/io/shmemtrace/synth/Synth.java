package io.shmemtrace.synth;

import io.shmemtrace.cli.ManifestVersion;
import io.shmemtrace.cli.ToolMain;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** shmemtrace synth: writes a synthetic run of any size, for benchmarks and tests of the trace tools. */
@Command(name = "shmemtrace synth", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        description = {"Writes one synthetic trace per PE (pe%%05d.shmt) into DIR, through the Java writer:",
                "an SPMD loop of puts (nbi and blocking), gets, quiets, atomics, barriers, broadcasts,",
                "reductions and locks whose collectives match across PEs, on --hosts hosts with skewed clocks."})
public final class Synth implements Callable<Integer> {
    @Option(names = "--pes", required = true, description = "number of PEs")
    int pes;

    @Option(names = "--events", required = true, description = "events per PE (at least 5)")
    long events;

    @Option(names = "--hosts", defaultValue = "1", description = "hosts the PEs are spread over (default: ${DEFAULT-VALUE})")
    int hosts;

    @Option(names = "--block-size", defaultValue = "262144", description = "trace block size in bytes (default: ${DEFAULT-VALUE})")
    int blockSize;

    @Option(names = "--run-id", description = "run id written into every header (default: synth-<pes>x<events>)")
    String runId;

    @Option(names = "--force", description = "write into a directory that already holds traces")
    boolean force;

    @Parameters(paramLabel = "DIR", description = "output directory (created)")
    Path dir;

    private final PrintStream err;

    Synth(PrintStream out, PrintStream err) {
        this.err = err;
    }

    public static void main(String[] args) {
        ToolMain.main(Synth::new, args);
    }

    @Override
    public Integer call() throws IOException {
        SynthRun run;
        try {
            run = new SynthRun(pes, events, hosts, blockSize, runId != null ? runId : "synth-" + pes + "x" + events);
        } catch (IllegalArgumentException e) {
            err.println("shmemtrace synth: " + e.getMessage());
            return 2;
        }
        Files.createDirectories(dir);
        if (!force && holdsTraces(dir)) {
            err.println("shmemtrace synth: " + dir + " already holds traces (use --force to replace them)");
            return 1;
        }
        long t0 = System.nanoTime();
        try {
            run.writeTo(dir);
        } catch (UncheckedIOException e) {
            err.println("shmemtrace synth: " + dir + ": " + e.getCause().getMessage());
            return 1;
        }
        double s = (System.nanoTime() - t0) / 1e9;
        err.printf("shmemtrace synth: %d PEs x %d events into %s in %.1f s%n", pes, events, dir, s);
        return 0;
    }

    private static boolean holdsTraces(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.anyMatch(p -> p.getFileName().toString().endsWith(".shmt"));
        }
    }
}
