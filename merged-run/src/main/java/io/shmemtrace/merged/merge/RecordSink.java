package io.shmemtrace.merged.merge;

import java.io.IOException;

/**
 * Where a task's records go as the bookkeeping makes them: the byte encoder of the merged file
 * ({@link RecordEncoder}), or a converter's ({@link StreamedMerge}).
 */
interface RecordSink {
    /** Starts task pe; threaded: its records name their thread. */
    void begin(int pe, boolean threaded) throws IOException;

    /** Takes the task's next record (event number event); returns where its forward link is, or -1 without one. */
    long write(MergedRecord r, long event) throws IOException;

    /** The task begun last has no more records. */
    default void end() throws IOException { }

    /** The forward link at where (of event from) points to event to of the same task. */
    void link(long where, long from, long to) throws IOException;
}
