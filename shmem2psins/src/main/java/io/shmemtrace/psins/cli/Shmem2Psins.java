package io.shmemtrace.psins.cli;

import io.shmemtrace.cli.ManifestVersion;
import io.shmemtrace.io.OutputFiles;
import io.shmemtrace.io.Progress;
import io.shmemtrace.cli.RunOptions;
import io.shmemtrace.cli.ToolMain;
import io.shmemtrace.merged.merge.Alignment;
import io.shmemtrace.merged.merge.RunException;
import io.shmemtrace.merged.merge.Merge;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** shmem2psins: a run's per-PE traces into one merged simulator trace (or that trace as text). */
@Command(name = "shmem2psins", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class,
        description = {"Merges the per-PE traces of one run (a directory, or files) into one PSINS-style trace",
                "for the SHMEM simulator, with its RankPid.extended side file; or prints a merged trace as text.",
                "Exit status: 0 merged (with --allow-partial: what was intact), 1 a problem (nothing written),",
                "2 usage error."})
public final class Shmem2Psins implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "PATH",
            description = "a run directory (its *.shmt files), trace files, or with --text one merged .psins file")
    List<Path> paths;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "merged trace (default: <run directory name>.psins here); with --text the text goes here (default: stdout)")
    Path output;

    @Option(names = "--text", description = "write the merged trace as text, one record per line")
    boolean text;

    @Option(names = "--force", description = "replace existing output files")
    boolean force;

    @Mixin
    RunOptions runOptions;

    @Option(names = "--align", defaultValue = "auto", paramLabel = "MODE",
            description = "time alignment: auto (barrier step when PEs ran on several hosts), clock (header clocks"
                    + " only), barrier (also line up the first shmem_barrier_all) (default: ${DEFAULT-VALUE})")
    Alignment.Mode align;


    private final PrintStream out;
    private final PrintStream err;

    Shmem2Psins(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        ToolMain.main(Shmem2Psins::new, args);
    }

    /** Runs the tool without exiting the JVM; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return ToolMain.run(new Shmem2Psins(out, err), args, out, err);
    }

    @Override
    public Integer call() throws IOException {
        if (text && paths.size() == 1 && Files.isRegularFile(paths.get(0)) && MergedFile.looksLikeOne(paths.get(0))) {
            return printText(paths.get(0));
        }
        // --text merges into a temporary file and prints that: the text is the merged trace, read back.
        Path merged = text ? Files.createTempFile("shmem2psins", ".psins") : output != null ? output : Path.of(defaultName());
        Path side = sideFile(merged);
        if (text) { // also when a closed pipe ends the tool in the middle of the text (ToolMain)
            merged.toFile().deleteOnExit();
            side.toFile().deleteOnExit();
        }
        long wallStart = System.nanoTime();
        long cpuStart = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        try {
            Merge.Result r;
            try {
                r = Merge.run(new Merge.Options(paths, merged, side, runOptions.allowPartial, runOptions.maxOpen, align,
                        force || text), runOptions.messages("shmem2psins", err));
            } catch (RunException e) {
                err.println("shmem2psins: " + e.getMessage());
                return 1;
            }
            if (!runOptions.quiet) {
                double wall = (System.nanoTime() - wallStart) / 1e9;
                double cpu = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpuStart) / 1e9;
                err.printf(Locale.ROOT, "shmem2psins: %d events of %d PEs%s into %s, alignment %s, in %.2f s (%.1f M events/s;"
                                + " merge thread CPU %.2f s)%n", r.events(), r.tasks(),
                        r.missing() > 0 ? " (" + r.missing() + " missing)" : "", text ? "text" : merged,
                        r.alignment().name().toLowerCase(Locale.ROOT), wall, r.events() / wall / 1e6, cpu);
            }
            return text ? printText(merged) : 0;
        } finally {
            if (text) {
                Files.deleteIfExists(merged);
                Files.deleteIfExists(side);
            }
        }
    }

    private int printText(Path merged) throws IOException {
        if (output != null && text && !force && Files.exists(output) && !output.equals(merged)) {
            err.println("shmem2psins: " + OutputFiles.exists(output));
            return 1;
        }
        try (MergedFile f = MergedFile.open(merged)) {
            if (output == null) {
                TextTrace.print(f, out);
            } else {
                try (OutputStream file = Files.newOutputStream(output);
                     PrintStream print = new PrintStream(new BufferedOutputStream(file, 1 << 16), false)) {
                    TextTrace.print(f, print);
                }
            }
            return 0;
        } catch (MergedFormatException e) {
            err.println("shmem2psins: " + e.getMessage());
            return 1;
        }
    }

    /** <name of the run directory>.psins, in the current directory (the tracer names it shmemtrace-<run id>). */
    private String defaultName() {
        Path first = paths.get(0).toAbsolutePath().normalize();
        String name = first.getFileName() == null ? "merged" : first.getFileName().toString();
        if (!Files.isDirectory(first)) {
            name = first.getParent() == null ? "merged" : first.getParent().getFileName().toString();
        }
        return name + ".psins";
    }

    /** RankPid.extended beside the merged trace: X.psins gets X.RankPid.extended. */
    private static Path sideFile(Path merged) {
        String name = merged.getFileName().toString().replaceFirst("\\.psins$", "");
        return merged.resolveSibling(name + ".RankPid.extended");
    }
}
