package io.shmemtrace.merged.merge;

import io.shmemtrace.io.IoErrors;
import io.shmemtrace.io.Messages;
import io.shmemtrace.io.Temporary;
import io.shmemtrace.merged.read.FilePes;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.read.PeConverter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The one way to feed a run to a converter (shmemsim, shmem2otf2, the wait states, the findings), as
 * async-profiler's converters share JfrConverter: take a merged file or a run directory (merged on the fly) and
 * open it; what it reads around is said to the tool's {@link Messages}, and what cannot be read at all is a
 * {@link RunException}, one line naming the file. A converter that replays the PEs side by side reads a merged file
 * ({@link #convert}): a run directory is merged into a temporary one, or, where TMPDIR has no room for that copy
 * ({@link TemporaryCopy}), read as a merged run whose records are made from the traces ({@link StreamedRun}). One
 * that takes them one after another ({@link #convertPes}) is handed a run directory's merge as it is made.
 */
public final class MergedRun {
    private MergedRun() {}

    /** A converter's own work over the opened run, and what it makes of it. */
    @FunctionalInterface
    public interface Converter<T> {
        T convert(MergedFile run) throws IOException, MergedFormatException;
    }

    /**
     * A converter that takes the run PE after PE ({@link PeConverter}): a run directory is merged straight into it,
     * with no temporary file, and read as reading says; a merged file is read into it. After a RunException the
     * converter's output is to be thrown away.
     */
    public static void convertPes(Path input, RunReading reading, Messages messages, PeConverter converter)
            throws IOException, RunException {
        if (Files.isDirectory(input)) {
            Merge.stream(List.of(input), Alignment.Mode.AUTO, converter, messages, reading);
            return;
        }
        convert(input, reading, messages, f -> {
            FilePes.convert(f, converter);
            return null;
        });
    }

    /**
     * input: a merged file, or a run directory read as reading says and merged with messages's bar; returns what
     * the converter makes of it.
     */
    public static <T> T convert(Path input, RunReading reading, Messages messages, Converter<T> converter)
            throws IOException, RunException {
        if (!Files.exists(input)) throw new RunException(input + ": no such file or directory");
        if (Files.isDirectory(input) && TemporaryCopy.of(input) == TemporaryCopy.NEVER) {
            String tooMany = TemporaryCopy.tooManyToReadSideBySide(input);
            if (tooMany != null) {
                throw new RunException(input + ": " + tooMany + "; " + TemporaryCopy.roomForACopy() + ", "
                        + mergeOnce(input));
            }
            StreamedRun run;
            try {
                run = StreamedRun.merge(input, messages, reading);
            } catch (IOException e) {
                throw cannotMerge(input, "its tables", e, "");
            }
            return convert(run.file(), converter);
        }
        TemporaryMerge temporary;
        try {
            temporary = TemporaryMerge.of(input, messages, reading);
        } catch (IOException e) {
            throw cannotMerge(input, "it", e, "; " + mergeOnce(input));
        }
        try (TemporaryMerge merged = temporary) {
            MergedFile f;
            try {
                f = MergedFile.open(merged.path());
            } catch (MergedFormatException e) {
                throw new RunException(e.getMessage());
            }
            return convert(f, converter);
        }
    }

    /** A merge into a temporary file that failed: the merge words its inputs' problems itself, so what is left is
     * mostly its output's. */
    private static RunException cannotMerge(Path input, String what, IOException e, String more) {
        return new RunException(input + ": cannot merge " + what + " into a temporary file under "
                + Temporary.systemDirectory() + ": " + IoErrors.describe(e) + " (TMPDIR says where" + more + ")");
    }

    /** The way around any temporary file: a merged file made once, which every such tool reads as it is. */
    private static String mergeOnce(Path input) {
        return "or merge it once: shmem2psins -o RUN.psins " + input;
    }

    /** The converter over an opened run, which it closes. */
    private static <T> T convert(MergedFile run, Converter<T> converter) throws IOException, RunException {
        try (MergedFile f = run) {
            return converter.convert(f);
        } catch (MergedFormatException e) {
            throw new RunException(e.getMessage());
        }
    }
}
