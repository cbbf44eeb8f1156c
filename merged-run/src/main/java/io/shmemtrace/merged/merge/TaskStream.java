package io.shmemtrace.merged.merge;

import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceFormatException;
import io.shmemtrace.format.sites.ModuleMap;
import io.shmemtrace.merged.read.CallEntry;
import io.shmemtrace.merged.read.Host;
import io.shmemtrace.merged.read.PeSet;
import io.shmemtrace.merged.read.PsinsRecord;
import io.shmemtrace.merged.read.RecordReader;
import io.shmemtrace.merged.read.TaskConverter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One task's records made again from its trace, one at a time, once the run's tables are whole
 * ({@link StreamedRun}): the merge's bookkeeping of that PE alone (its own collective counts, lock pairs and pending
 * calls), its records as the file's reader would give them. A deferred call's completion is the key of its group
 * (the first call pending on its context, which no other group has), and a completing record lists the groups it
 * completes ({@link PsinsRecord#completesKey}): forward links are not known when the deferred call is read.
 */
final class TaskStream implements RecordReader, TaskConverter {
    private final StreamedRun.Tables run;
    private final int pe;
    private final Path path;
    private final int window;
    /**
     * Records made ahead, a batch at a time: making one touches a dozen objects of this task's bookkeeping, which a
     * replay of 16,384 tasks would otherwise bring back into the cache at every record.
     */
    private final PsinsRecord[] batch;
    private int made;
    private int taken;
    private boolean ended;
    /** The trace being read, from the first record asked for on (a replay's own state is made first, apart). */
    private TraceFile file;
    private TraceFile.Events events;
    private TaskRecords task;
    private StreamedMerge sink;

    /** window: payload bytes decoded from at a time; batch: records made at a time. */
    TaskStream(StreamedRun.Tables run, int pe, Path path, int window, int batch) {
        this.run = run;
        this.pe = pe;
        this.path = path;
        this.window = window;
        this.batch = new PsinsRecord[batch];
    }

    private void open() throws IOException {
        try {
            file = TraceFile.open(path);
        } catch (TraceFormatException e) { // read by the first pass: changed since
            throw new IOException(e.getMessage(), e);
        }
        try {
            Sites sites = run.sites == null ? null : run.sites.forOnePe();
            if (sites != null) sites.begin(ModuleMap.of(file, message -> { }));
            events = file.events(window);
            sink = new StreamedMerge(this, run.calls, run.shiftsNs(), true);
            // the first pass said what there was to say
            task = new TaskRecords(sink, run.calls, run.collectives, run.alignment, sites, message -> { }, run.regionNames,
                    new TaskInstances());
            task.begin(pe, run.cache(file.table()), file.threads());
        } catch (IOException | RuntimeException e) {
            file.close();
            throw e;
        }
    }

    @Override
    public boolean next(PsinsRecord r) throws IOException {
        if (taken == made) {
            if (file == null && !ended) open();
            taken = made = 0;
            while (made < batch.length && !ended) { // the sink hands a record on once the next is made, or at the end
                TraceEvent e = events.next();
                if (e != null) {
                    task.accept(e);
                } else {
                    ended = true;
                    task.end();
                    sink.end();
                    file.close();
                    file = null;
                    events = null;
                    task = null;
                    sink = null;
                }
            }
            if (made == 0) return false;
        }
        batch[taken++].copyTo(r);
        return true;
    }

    @Override
    public void record(PsinsRecord r, long[] completes, int n) {
        PsinsRecord slot = batch[made];
        if (slot == null) slot = batch[made] = new PsinsRecord();
        r.copyTo(slot).completesKeys(completes, n);
        made++;
    }

    @Override
    public void start(int tasks, long baseRealNs, String runId, List<Host> hosts) { }

    @Override
    public void beginTask(int task) { }

    @Override
    public void endTask(int task) { }

    @Override
    public void finish(List<CallEntry> calls, List<String> regionNames, List<PeSet> peSets) { }
}
