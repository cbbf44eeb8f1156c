package io.shmemtrace.merged.read;

import java.io.IOException;

/**
 * A task's records one at a time, for readers that interleave tasks (a replay): from a merged file's window
 * ({@link MergedFile#reader}), or from the task's trace read again beside the others (a run directory).
 */
public interface RecordReader {
    /** Fills r with the task's next record; false after the last. */
    boolean next(RunRecord r) throws IOException, MergedFormatException;

    /**
     * Where a merged run's records come from when they are not in its file: a run directory's tables merged
     * into a file, its records read from the traces when asked for (io.shmemtrace.merged.merge.StreamedRun).
     */
    interface Source extends AutoCloseable {
        /** Task task's reader, decoding bufferBytes at a time (or about that). */
        RecordReader reader(int task, int bufferBytes) throws IOException;

        /** Ends what the readers needed (with the merged run that reads through them). */
        @Override
        void close();
    }
}
