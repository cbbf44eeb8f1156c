package io.shmemtrace.merged.merge;

import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceFormatException;
import io.shmemtrace.format.sites.ModuleMap;
import io.shmemtrace.merged.read.CallEntry;
import io.shmemtrace.merged.read.Host;
import io.shmemtrace.merged.read.PeSet;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.merged.read.RecordReader;
import io.shmemtrace.merged.read.PeConverter;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * One task's records made again from its trace, a batch at a time, once the run's tables are whole
 * ({@link StreamedRun}): the merge's bookkeeping of that PE alone (its own collective counts, lock pairs and pending
 * calls), its records as the file's reader would give them. A deferred call's completion is the key of its group
 * (the first call pending on its context, which no other group has), and a completing record lists the groups it
 * completes ({@link RunRecord#completesKey}): forward links are not known when the deferred call is read.
 */
final class PeStream implements RecordReader, PeConverter {
    /** Records made at a time, handed over whole: the one buffer filled while the other is read. */
    private static final class Batch {
        final RunRecord[] records;
        int size;
        /** The task's last records (or none left to make). */
        boolean last;
        /** Why making them failed (then thrown where they are read), or null. */
        IOException failure;

        Batch(int capacity) {
            records = new RunRecord[capacity];
        }
    }

    private final StreamedRun.Tables run;
    private final int pe;
    private final Path path;
    private final int window;
    /** The thread batches are made on, ahead of their reading. */
    private final RecordMaker maker;
    /** Batches made, in order, waiting to be read (from the maker's thread). */
    private final ArrayBlockingQueue<Batch> made = new ArrayBlockingQueue<>(2);
    /** The batch being read, and the next record of it. */
    private Batch reading;
    private int taken;

    // The making's own state: touched only on the maker's thread.
    private boolean ended;
    /** The trace being read, from the first record asked for on (a replay's own state is made first, apart). */
    private TraceFile file;
    private TraceFile.Events events;
    private PeRecords task;
    private StreamedMerge sink;
    /** The batch being made. */
    private Batch filling;

    /** window: payload bytes decoded from at a time; batch: records made at a time, on maker's thread. */
    PeStream(StreamedRun.Tables run, int pe, Path path, int window, int batch, RecordMaker maker) {
        this.run = run;
        this.pe = pe;
        this.path = path;
        this.window = window;
        this.maker = maker;
        Batch a = new Batch(batch), b = new Batch(batch); // two ahead: one is read while the other is made
        maker.ask(() -> fill(a));
        maker.ask(() -> fill(b));
    }

    @Override
    public boolean next(RunRecord r) throws IOException {
        while (reading == null || taken == reading.size) {
            if (reading != null) {
                if (reading.failure != null) throw reading.failure;
                if (reading.last) return false;
                Batch done = reading;
                maker.ask(() -> fill(done));
            }
            try {
                reading = made.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while PE " + pe + "'s records were made");
            }
            taken = 0;
        }
        reading.records[taken++].copyTo(r);
        return true;
    }

    /** Makes the task's next records into b (where batches are made). */
    private void fill(Batch b) {
        b.size = 0;
        filling = b;
        try {
            if (file == null && !ended) open();
            while (b.size < b.records.length && !ended) { // the sink hands a record on once the next is made, or at the end
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
        } catch (IOException e) {
            b.failure = e;
            ended = true;
        } catch (RuntimeException e) {
            b.failure = new IOException(path + ": " + e, e);
            ended = true;
        }
        b.last = ended;
        filling = null;
        made.add(b);
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
            task = new PeRecords(sink, run.calls, run.collectives, run.alignment, sites, message -> { }, run.regionNames,
                    new PeInstances());
            task.begin(pe, run.cache(file.table()), file.threads());
        } catch (IOException | RuntimeException e) {
            file.close();
            file = null;
            throw e;
        }
    }

    @Override
    public void record(RunRecord r, long[] completes, int n) {
        Batch b = filling;
        RunRecord slot = b.records[b.size];
        if (slot == null) slot = b.records[b.size] = new RunRecord();
        r.copyTo(slot).completesKeys(completes, n);
        b.size++;
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
