package io.shmemtrace.merged.merge;

/**
 * The sink of a merge of the tables alone ({@link StreamedRun}): records are made, so that the bookkeeping counts
 * and numbers everything as a whole merge does, and dropped.
 */
final class CountedRecords implements RecordSink {
    @Override
    public void begin(int pe, boolean threaded) { }

    @Override
    public long write(MergedRecord r, long event) {
        return r.forwardLink ? event : -1; // a lock taken is held by its event until cleared
    }

    @Override
    public void link(long where, long from, long to) { }
}
