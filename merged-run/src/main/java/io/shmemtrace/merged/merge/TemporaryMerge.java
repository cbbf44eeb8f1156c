package io.shmemtrace.merged.merge;

import io.shmemtrace.io.Messages;
import io.shmemtrace.io.Temporary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A merged trace to read, whichever a tool was given: a merged file as it is, or a run directory merged into a
 * temporary file that {@link #close} removes ({@link MergedRun} for the tools that read merged runs).
 */
final class TemporaryMerge implements AutoCloseable {
    private final Path merged;
    private final Temporary temporaryDir;

    private TemporaryMerge(Path merged, Temporary temporaryDir) {
        this.merged = merged;
        this.temporaryDir = temporaryDir;
    }

    /**
     * input: a merged file or a run directory, read as reading says; what the merge reads around said to messages
     * (with its bar); a RunException when it cannot be merged.
     */
    static TemporaryMerge of(Path input, Messages messages, RunReading reading) throws IOException, RunException {
        if (!Files.isDirectory(input)) return new TemporaryMerge(input, null);
        Temporary dir = Temporary.directory(null, "shmemtrace-merge-"); // removed even if the tool is ended first
        Path merged = dir.path().resolve("run.psins");
        try {
            Merge.runForAnotherTool(new Merge.Options(List.of(input), merged, dir.path().resolve("run.RankPid.extended"),
                    reading.allowPartial(), reading.maxOpen(), Alignment.Mode.AUTO, true), messages);
            return new TemporaryMerge(merged, dir);
        } catch (IOException | RunException | RuntimeException e) {
            dir.close();
            throw e;
        }
    }

    public Path path() {
        return merged;
    }

    @Override
    public void close() {
        if (temporaryDir != null) temporaryDir.close();
    }
}
