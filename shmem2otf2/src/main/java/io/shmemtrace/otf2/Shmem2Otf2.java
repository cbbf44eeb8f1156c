package io.shmemtrace.otf2;

import io.shmemtrace.io.IoErrors;
import io.shmemtrace.cli.ManifestVersion;
import io.shmemtrace.io.OutputFiles;
import io.shmemtrace.io.Progress;
import io.shmemtrace.io.RowBuffer;
import io.shmemtrace.cli.RunOptions;
import io.shmemtrace.io.Temporary;
import io.shmemtrace.cli.ToolMain;
import io.shmemtrace.merged.merge.MergedRun;
import io.shmemtrace.merged.merge.RunException;
import io.shmemtrace.merged.merge.RunReading;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** shmem2otf2: a run as an OTF2 archive, for Vampir and the Score-P tools. */
@Command(name = "shmem2otf2", mixinStandardHelpOptions = true, usageHelpWidth = 120, versionProvider = ManifestVersion.class,
        description = {"Writes a run (a run directory, merged on the fly, or a merged .psins file) as an OTF2 archive",
                "through the reference OTF2 library, paradigm SHMEM, as Score-P records it: a region per traced",
                "function, RMA put/get/atomic records with target PE and bytes and their completions, collectives",
                "on their PE set's window, locks; one location per PE thread; the merged time base (ns).",
                "Open ARCHIVE/traces.otf2 in Vampir, or: otf2-print ARCHIVE/traces.otf2",
                "Exit status: 0 written, 1 a problem (nothing written), 2 usage error."})
public final class Shmem2Otf2 implements Callable<Integer> {
    @Parameters(paramLabel = "RUN", description = "a run directory (its pe*.shmt files) or a merged .psins file")
    Path run;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "ARCHIVE", description = "the archive's directory")
    Path archive;

    @Mixin
    RunOptions runOptions;

    @Option(names = "--force", description = "replace an existing archive")
    boolean force;

    private final PrintStream out;
    private final PrintStream err;

    Shmem2Otf2(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        ToolMain.main(Shmem2Otf2::new, args);
    }

    /** Runs the tool without exiting the JVM; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return ToolMain.run(new Shmem2Otf2(out, err), args, out, err);
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (OutputFiles.refused(err, "shmem2otf2", force, archive)) return 1;
        Path writer = writerProgram();
        if (writer == null) {
            err.println("shmem2otf2: the OTF2 writer program (shmem2otf2-writer) is not beside this jar: build with mvn package");
            return 1;
        }
        Path parent = archive.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        // The archive is written beside its place and renamed there; removed if the tool is ended first.
        try (Temporary temporary = Temporary.directory(parent, "." + archive.getFileName() + ".")) {
            int status = write(writer, temporary.path());
            if (status != 0) return status;
            if (force) OutputFiles.deleteTree(archive);
            Files.move(temporary.path(), archive, StandardCopyOption.ATOMIC_MOVE);
            out.println("shmem2otf2: " + archive + "/traces.otf2");
            return 0;
        }
    }

    /**
     * Streams the run to the writer program, started once the run is known to be readable (a run directory is
     * merged straight into the stream); 0 when it wrote the archive.
     */
    private int write(Path writer, Path dir) throws IOException {
        WriterProcess w = new WriterProcess(writer, dir, err);
        RowBuffer stream = new RowBuffer(w.input());
        PrintStream bars = !runOptions.quiet && Progress.onTerminal() ? err : null;
        Otf2Stream otf2 = new Otf2Stream(stream, bars);
        int status;
        try {
            MergedRun.convertPes(run, new RunReading(runOptions.allowPartial, runOptions.maxOpen),
                    runOptions.messages("shmem2otf2", err), otf2);
            status = 0;
        } catch (RunException e) {
            err.println("shmem2otf2: " + e.getMessage());
            status = 1;
        } catch (UncheckedIOException e) {
            status = failed(w, e.getCause());
        } catch (IOException e) {
            status = failed(w, e);
        } finally {
            otf2.endProgress();
        }
        return w.finish(status == 0) ? 0 : 1;
    }

    /** A stream cut short: by the writer (its own message says why), else by reading the run. Returns 1. */
    private int failed(WriterProcess w, IOException e) {
        if (!w.stoppedReading()) err.println("shmem2otf2: " + run + ": " + IoErrors.describe(e));
        return 1;
    }

    /** shmem2otf2-writer beside this jar (dist/lib, or the module's target/). */
    private static Path writerProgram() {
        Path w = OutputFiles.besideJar(Shmem2Otf2.class, "shmem2otf2-writer");
        return Files.isExecutable(w) ? w : null;
    }
}
