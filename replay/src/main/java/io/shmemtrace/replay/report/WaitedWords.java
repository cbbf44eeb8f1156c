package io.shmemtrace.replay.report;

import java.util.Arrays;
import java.util.Comparator;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The words a run's waits and tests wait on, per PE, and the writes from every PE that reach them (puts, atomics,
 * a put_signal's signal), on the traced clocks: which write released a wait is known once every PE is read. A
 * word is a wait's address and span (a wait on a set of flags: their bytes); a write reaches it where their
 * bytes meet (a strided put: its first bytes, the stride not being recorded).
 */
final class WaitedWords {
    private final NavigableMap<Long, Word>[] byTask;
    /** Per task, its longest waited span: how far before a write's address a waited word may start. */
    private final long[] longestSpan;

    /** A waited word: its span, and the writes that reach it (start, return), sorted by start once all are in. */
    private static final class Word {
        long span = 1;
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

    @SuppressWarnings("unchecked")
    WaitedWords(int tasks) {
        byTask = new NavigableMap[tasks];
        longestSpan = new long[tasks];
    }

    /** task waits somewhere on bytes at address (a word: 0 or 1). */
    void waitsOn(int task, long address, long bytes) {
        if (byTask[task] == null) byTask[task] = new TreeMap<>();
        Word w = byTask[task].computeIfAbsent(address, a -> new Word());
        w.span = Math.max(w.span, Math.max(1, bytes));
        longestSpan[task] = Math.max(longestSpan[task], w.span);
    }

    /** A write to target of bytes at address, started and returned at those traced times: kept for each word it reaches. */
    void wrote(int target, long address, long bytes, double start, double end) {
        if (target < 0 || target >= byTask.length || byTask[target] == null) return;
        long last = address + Math.max(1, bytes);
        if (last < address) last = Long.MAX_VALUE; // an address near the top: the range ends there
        long from = address - (longestSpan[target] - 1);
        if (from > address) from = Long.MIN_VALUE;
        for (var word : byTask[target].subMap(from, true, last, false).entrySet()) {
            if (word.getKey() + word.getValue().span > address) word.getValue().add(start, end);
        }
    }

    /**
     * When task's wait on address that ended at end was released: the return of the latest write to it started by
     * then (the wait's end at the latest: the writer's clock may run a little ahead); NaN where no write reached it.
     */
    double released(int task, long address, double end) {
        Word w = byTask[task] == null ? null : byTask[task].get(address);
        if (w == null || w.writes == 0) return Double.NaN;
        w.sort();
        int i = Arrays.binarySearch(w.starts, 0, w.writes, end);
        if (i < 0) i = -i - 2; // the last write started before end
        else while (i + 1 < w.writes && w.starts[i + 1] == end) i++;
        return i < 0 ? Double.NaN : Math.min(w.ends[i], end);
    }
}
