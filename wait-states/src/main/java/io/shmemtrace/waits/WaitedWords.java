package io.shmemtrace.waits;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The words a run's waits and tests wait on, per PE, and the writes from every PE that reach them (puts, atomics,
 * a put_signal's signal; {@link WaitedSpans} says which), on the traced clocks: which write released a wait is known
 * once every PE is read.
 */
final class WaitedWords {
    private final WaitedSpans<Word> spans;
    private final int tasks;

    /** The writes that reach a waited word (start, return), sorted by start once all are in. */
    private static final class Word {
        double[] starts = new double[4], ends = new double[4];
        int writes;
        boolean sorted;

        void add(double start, double end) {
            if (writes == starts.length) {
                starts = Arrays.copyOf(starts, 2 * writes);
                ends = Arrays.copyOf(ends, 2 * writes);
            }
            starts[writes] = start;
            ends[writes++] = end;
            sorted = false;
        }

        void sort() {
            if (sorted) return;
            Integer[] order = new Integer[writes];
            for (int i = 0; i < writes; i++) order[i] = i;
            Arrays.sort(order, Comparator.comparingDouble(i -> starts[i]));
            double[] s = new double[writes], e = new double[writes];
            for (int i = 0; i < writes; i++) {
                s[i] = starts[order[i]];
                e[i] = ends[order[i]];
            }
            starts = s;
            ends = e;
            sorted = true;
        }
    }

    WaitedWords(int tasks) {
        spans = new WaitedSpans<>(tasks, Word::new);
        this.tasks = tasks;
    }

    /** task waits somewhere on bytes at address (a word: 0 or 1). */
    void waitsOn(int task, long address, long bytes) {
        spans.waitsOn(task, address, bytes);
    }

    /** A write to target of bytes at address, started and returned at those traced times: kept for each word it reaches. */
    void wrote(int target, long address, long bytes, double start, double end) {
        if (target >= 0 && target < tasks) spans.reached(target, address, bytes, word -> word.add(start, end));
    }

    /**
     * When task's wait on address that ended at end was released: the return of the latest write to it started by
     * then (the wait's end at the latest: the writer's clock may run a little ahead); NaN where no write reached it.
     */
    double released(int task, long address, double end) {
        Word w = spans.at(task, address);
        if (w == null || w.writes == 0) return Double.NaN;
        w.sort();
        int i = Arrays.binarySearch(w.starts, 0, w.writes, end);
        if (i < 0) i = -i - 2; // the last write started before end
        else while (i + 1 < w.writes && w.starts[i + 1] == end) i++;
        return i < 0 ? Double.NaN : Math.min(w.ends[i], end);
    }
}
