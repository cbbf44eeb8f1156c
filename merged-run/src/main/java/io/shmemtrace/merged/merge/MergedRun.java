package io.shmemtrace.merged.merge;

import io.shmemtrace.io.IoErrors;
import io.shmemtrace.io.Progress;
import io.shmemtrace.io.Temporary;
import io.shmemtrace.merged.read.FilePes;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.read.PeConverter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What every converter of merged runs does before its own work (shmemsim, shmem2otf2, the wait states), as
 * async-profiler's converters share JfrConverter: take a merged file or a run directory (merged on the fly), open
 * it, and turn what cannot be read into one line naming the file and an exit status. A converter that replays
 * the tasks side by side reads a merged file ({@link #convert}): a run directory is merged into a temporary one, or,
 * where TMPDIR has no room for that copy ({@link TemporaryCopy}), read as a merged run whose records are made from the
 * traces ({@link StreamedRun}). One that takes them one after another ({@link #convertTasks}) is handed a run
 * directory's merge as it is made.
 */
public final class MergedRun {
    private MergedRun() {}

    /** A converter's own work over the opened run; returns the exit status. */
    @FunctionalInterface
    public interface Converter {
        int convert(MergedFile run) throws IOException, MergedFormatException;
    }

    /** input: a merged file or a run directory; tool: the name messages start with; a merge's bar on a terminal. */
    public static int convert(Path input, String tool, PrintStream err, Converter converter) throws IOException {
        return convert(input, tool, err, Progress.onTerminal() ? err : null, converter);
    }

    /**
     * A converter that takes the run task after task ({@link PeConverter}): a run directory is merged straight
     * into it, with no temporary file; a merged file is read into it. Returns the exit status; when it is not 0,
     * the converter's output is to be thrown away (the reasons are on err).
     */
    public static int convertTasks(Path input, String tool, PrintStream err, PeConverter converter) throws IOException {
        return convertTasks(input, tool, err, RunReading.DEFAULT, converter);
    }

    /** The same, a run directory read as reading says. */
    public static int convertTasks(Path input, String tool, PrintStream err, RunReading reading, PeConverter converter)
            throws IOException {
        if (Files.isDirectory(input)) {
            return Merge.stream(List.of(input), Alignment.Mode.AUTO, null, converter, tool, err, reading).status();
        }
        return convert(input, tool, err, null, reading, f -> {
            FilePes.convert(f, converter);
            return 0;
        });
    }

    /** The same, a merge's progress bar on bars (null: none). */
    public static int convert(Path input, String tool, PrintStream err, PrintStream bars, Converter converter)
            throws IOException {
        return convert(input, tool, err, bars, RunReading.DEFAULT, converter);
    }

    /** The same, a run directory read as reading says. */
    public static int convert(Path input, String tool, PrintStream err, PrintStream bars, RunReading reading,
                              Converter converter) throws IOException {
        if (!Files.exists(input)) {
            err.println(tool + ": " + input + ": no such file or directory");
            return 1;
        }
        if (Files.isDirectory(input) && TemporaryCopy.of(input) == TemporaryCopy.NEVER) {
            String tooMany = TemporaryCopy.tooManyToReadSideBySide(input);
            if (tooMany != null) {
                err.println(tool + ": " + input + ": " + tooMany + "; " + TemporaryCopy.roomForACopy() + ", "
                        + mergeOnce(input));
                return 1;
            }
            StreamedRun run;
            try {
                run = StreamedRun.merge(input, tool, bars, err, reading);
            } catch (IOException e) {
                return cannotMerge(err, tool, input, "its tables", e, "");
            }
            if (run == null) return 1;
            return convert(tool, err, run.file(), converter);
        }
        TemporaryMerge temporary;
        try {
            temporary = TemporaryMerge.of(input, tool, err, bars, reading);
        } catch (IOException e) {
            return cannotMerge(err, tool, input, "it", e, "; " + mergeOnce(input));
        }
        try (TemporaryMerge merged = temporary) {
            if (merged.status() != 0) return merged.status();
            MergedFile f;
            try {
                f = MergedFile.open(merged.path());
            } catch (MergedFormatException e) {
                err.println(tool + ": " + e.getMessage());
                return 1;
            }
            return convert(tool, err, f, converter);
        }
    }

    /**
     * A merge into a temporary file that failed: the merge words its inputs' problems itself, so what is left is
     * mostly its output's. One line; returns the exit status.
     */
    private static int cannotMerge(PrintStream err, String tool, Path input, String what, IOException e, String more) {
        err.println(tool + ": " + input + ": cannot merge " + what + " into a temporary file under "
                + Temporary.systemDirectory() + ": " + IoErrors.describe(e) + " (TMPDIR says where" + more + ")");
        return 1;
    }

    /** The way around any temporary file: a merged file made once, which every such tool reads as it is. */
    private static String mergeOnce(Path input) {
        return "or merge it once: shmem2psins -o RUN.psins " + input;
    }

    /** The converter over an opened run, which it closes. */
    private static int convert(String tool, PrintStream err, MergedFile run, Converter converter) throws IOException {
        try (MergedFile f = run) {
            return converter.convert(f);
        } catch (MergedFormatException e) {
            err.println(tool + ": " + e.getMessage());
            return 1;
        }
    }
}
