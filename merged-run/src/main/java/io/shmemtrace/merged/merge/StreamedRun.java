package io.shmemtrace.merged.merge;

import io.shmemtrace.io.Messages;
import io.shmemtrace.io.Temporary;
import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.read.TraceRun;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.read.RecordReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run directory as a merged run for a replay, which takes the tasks side by side: a first pass merges the
 * header, index and tables alone (every call, PE set, region and site numbered as a merge numbers them, every
 * task's records counted, collectives matched, locks paired, nothing of the records written), into a file (its
 * index takes 40 bytes a task) that is removed once read; each task's records are then made again from its trace when the replay asks
 * for them ({@link PeStream}), with no merged copy of the run anywhere.
 */
public final class StreamedRun implements RecordReader.Source {
    /** What the first pass leaves for reading the traces again. */
    static final class Tables {
        TraceRun.Input[] byPe;
        Calls calls;
        Collectives collectives;
        Alignment alignment;
        Sites sites;
        RegionNames regionNames;
        private final Map<EventTable, Calls.Call[]> caches = new IdentityHashMap<>();
        private long[] shiftsNs;

        void set(TraceRun.Input[] byPe, Calls calls, Collectives collectives, Alignment alignment, Sites sites,
                 RegionNames regionNames) {
            this.byPe = byPe;
            this.calls = calls;
            this.collectives = collectives;
            this.alignment = alignment;
            this.sites = sites;
            this.regionNames = regionNames;
        }

        /** Per PE, ns its times are shifted by, as the index keeps them (final once the first pass is done). */
        long[] shiftsNs() {
            if (shiftsNs == null) shiftsNs = alignment.shiftsNs();
            return shiftsNs;
        }

        /** The calls by event id of a file's table, shared by the files that share the table (a run's PEs do). */
        Calls.Call[] cache(EventTable table) {
            return caches.computeIfAbsent(table, Calls::cache);
        }
    }

    /** The fewest payload bytes a task's reader decodes from at a time: a few events (a longer one grows it). */
    private static final int MIN_WINDOW = 512;
    /**
     * Records a task's reader makes at a time, from its share of the replay's read buffers (records take about 200
     * bytes, against 5 to 10 in a trace; a task has two batches): 16 at 16,384 tasks (100 MB in all), up to 256.
     */
    private static final int MIN_BATCH = 16, MAX_BATCH = 256;

    private final Tables tables = new Tables();
    private MergedFile file;
    /** The thread that makes records ahead of the replay, from the first reader on. */
    private RecordMaker maker;

    private StreamedRun() {}

    /**
     * The first pass over run directory dir (what it reads around said to messages, with its bar); a RunException
     * when the run cannot be merged. An IOException is the temporary file's, or the traces'.
     */
    static StreamedRun merge(Path dir, Messages messages, RunReading reading) throws IOException, RunException {
        StreamedRun run = new StreamedRun();
        try (Temporary tmp = Temporary.directory(null, "shmemtrace-tables-")) {
            Path tables = tmp.path().resolve("run-tables.psins");
            Merge.tables(List.of(dir), tables, run.tables, messages, reading);
            run.file = MergedFile.open(tables, run); // read whole at open: the file can go
        } catch (MergedFormatException e) {
            throw new IOException(e.getMessage(), e); // the merge's own output: a bug, not the run's damage
        }
        return run;
    }

    /** The run as a merged file whose readers make each task's records from its trace; closing it ends the run. */
    public MergedFile file() {
        return file;
    }

    @Override
    public RecordReader reader(int task, int bufferBytes) throws IOException {
        TraceRun.Input input = tables.byPe[task];
        if (input == null) return r -> false; // a PE without a trace: no records, as its index entry says
        if (maker == null) maker = new RecordMaker();
        return new PeStream(tables, task, input.path(), Math.max(MIN_WINDOW, bufferBytes),
                Math.max(MIN_BATCH, Math.min(MAX_BATCH, bufferBytes / 64)), maker);
    }

    @Override
    public void close() {
        if (maker != null) maker.close();
    }
}
