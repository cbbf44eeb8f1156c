package io.shmemtrace.merged.read;

import java.io.IOException;
import java.util.Arrays;

/**
 * A merged file handed to a {@link PeConverter}, task after task: the completions the file keeps as forward
 * links (on the deferred call) given with the completing record instead.
 */
public final class FilePes {
    private FilePes() {}

    /** Reads the file's tasks in order into the converter; progress as the converter sees it. */
    public static void convert(MergedFile f, PeConverter c) throws IOException, MergedFormatException {
        c.start(f.header().tasks(), f.header().baseRealNs(), f.header().runId(), f.hosts());
        RunRecord r = new RunRecord();
        Pending pending = new Pending();
        long[] completes = new long[16];
        for (int task = 0; task < f.header().tasks(); task++) {
            c.beginTask(task);
            pending.size = 0;
            RecordReader reader = f.reader(task, 1 << 16);
            while (reader.next(r)) {
                int n = 0;
                while (pending.size > 0 && pending.top() >>> 32 == r.event()) {
                    if (n == completes.length) completes = Arrays.copyOf(completes, 2 * n);
                    completes[n++] = pending.pop() & 0xFFFFFFFFL;
                }
                if (r.type().payload() == io.shmemtrace.merged.format.RecordType.Payload.RMA && r.call().deferred()
                        && r.completion() > r.event()) {
                    pending.push((long) r.completion() << 32 | r.event());
                }
                c.record(r, completes, n);
            }
            c.endTask(task);
        }
        if (f.hasCallsites()) c.callSites(f.sites(), f.siteBuildIds());
        c.finish(f.calls(), f.regionNames(), f.peSets());
    }

    /**
     * The deferred calls waiting for their completing event, as (completion << 32 | event) in a min-heap: the
     * next completing record's calls come off the top in the order of their events. Events fit in 32 bits (the
     * file's links are int).
     */
    private static final class Pending {
        long[] heap = new long[64];
        int size;

        long top() {
            return heap[0];
        }

        void push(long v) {
            if (size == heap.length) heap = Arrays.copyOf(heap, 2 * size);
            int i = size++;
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                if (heap[parent] <= v) break;
                heap[i] = heap[parent];
                i = parent;
            }
            heap[i] = v;
        }

        long pop() {
            long top = heap[0];
            long last = heap[--size];
            int i = 0;
            while (true) {
                int child = 2 * i + 1;
                if (child >= size) break;
                if (child + 1 < size && heap[child + 1] < heap[child]) child++;
                if (heap[child] >= last) break;
                heap[i] = heap[child];
                i = child;
            }
            if (size > 0) heap[i] = last;
            return top;
        }
    }
}
