package io.shmemtrace.merged.merge;

import io.shmemtrace.io.Progress;
import io.shmemtrace.io.Temporary;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A merged trace to read, whichever a tool was given: a merged file as it is, or a run directory merged into a
 * temporary file that {@link #close} removes. For the tools that read merged runs (shmemsim, shmembin2txt
 * --waits).
 */
public final class TemporaryMerge implements AutoCloseable {
    private final Path merged;
    private final Temporary temporaryDir;
    private final int status;

    private TemporaryMerge(Path merged, Temporary temporaryDir, int status) {
        this.merged = merged;
        this.temporaryDir = temporaryDir;
        this.status = status;
    }

    /**
     * input: a merged file or a run directory; the merge's messages go to err (and a bar, on a terminal), starting
     * with tool's name.
     */
    public static TemporaryMerge of(Path input, String tool, PrintStream err) throws IOException {
        return of(input, tool, err, Progress.onTerminal() ? err : null);
    }

    /** The same, with the merge's progress bar on progress (null: none). */
    public static TemporaryMerge of(Path input, String tool, PrintStream err, PrintStream progress) throws IOException {
        return of(input, tool, err, progress, RunReading.DEFAULT);
    }

    /** The same, the run read as reading says. */
    public static TemporaryMerge of(Path input, String tool, PrintStream err, PrintStream progress, RunReading reading)
            throws IOException {
        if (!Files.isDirectory(input)) return new TemporaryMerge(input, null, 0);
        Temporary dir = Temporary.directory(null, "shmemtrace-merge-"); // removed even if the tool is ended first
        Path merged = dir.path().resolve("run.psins");
        try {
            Merge.Result r = Merge.run(new Merge.Options(List.of(input), merged, dir.path().resolve("run.RankPid.extended"),
                    reading.allowPartial(), reading.maxOpen(), Alignment.Mode.AUTO, true, progress), err, tool);
            return new TemporaryMerge(merged, dir, r.status());
        } catch (IOException | RuntimeException e) {
            dir.close();
            throw e;
        }
    }

    /** The merge's exit status: 0, or 1 when the run could not be merged (its reasons are on err). */
    public int status() {
        return status;
    }

    public Path path() {
        return merged;
    }

    @Override
    public void close() {
        if (temporaryDir != null) temporaryDir.close();
    }
}
