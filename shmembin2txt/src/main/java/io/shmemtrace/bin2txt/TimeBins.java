package io.shmemtrace.bin2txt;

import java.util.Arrays;

/**
 * Where each PE spent its time, over the run: the time in SHMEM per (row of PEs, time bin), as Darshan's heat map
 * shows I/O. Up to ROWS rows (PEs grouped past that) by BINS bins. The bins cover the span of the calls seen so
 * far and adapt as calls come: a call before the span, or after it, doubles the bins' width (neighbouring bins
 * merged) until it fits, so the view is as fine as the calls' span allows and memory stays ROWS x BINS.
 */
final class TimeBins {
    static final int ROWS = 256;
    static final int BINS = 256;
    private static final long FIRST_BIN_NS = 1_000;

    private final int npes;
    private final int rows;
    private final double[][] shmemNs;
    private long binNs = FIRST_BIN_NS;
    /** Start of bin 0 (ns from the earliest init); set by the first call. */
    private long origin = Long.MIN_VALUE;
    /**
     * The bin the last call ended in, [lastFrom, lastTo) ns, of the row of lastPe: a PE's calls come in time order,
     * and most fall in the bin of the call before, which then needs no division (no bin: lastTo below lastFrom).
     */
    private int lastPe = -1, lastBin;
    private long lastFrom, lastTo = Long.MIN_VALUE;
    private double[] lastRow;

    TimeBins(int npes) {
        this.npes = Math.max(1, npes);
        this.rows = Math.min(this.npes, ROWS);
        this.shmemNs = new double[rows][BINS];
    }

    int rows() {
        return rows;
    }

    int row(int pe) {
        return (int) ((long) pe * rows / npes);
    }

    /** PEs [firstPe, lastPe] of a row. */
    int firstPe(int row) {
        return (int) (((long) row * npes + rows - 1) / rows);
    }

    int lastPe(int row) {
        return firstPe(row + 1) - 1;
    }

    long binNs() {
        return binNs;
    }

    /** Start of bin 0, ns from the earliest init (0 before any call). */
    long originNs() {
        return origin == Long.MIN_VALUE ? 0 : origin;
    }

    /** PE pe was in SHMEM from start to end (ns from the earliest init). */
    void add(int pe, long start, long end) {
        if (pe < 0 || pe >= npes || end <= start) return;
        if (pe == lastPe && start >= lastFrom && end <= lastTo) { // the bin of the call before: what the loop adds
            lastRow[lastBin] += end - start;
            return;
        }
        if (origin == Long.MIN_VALUE) origin = start - Math.floorMod(start, binNs);
        while (start < origin) widenLeft();
        while (end > origin + binNs * BINS) widenRight();
        double[] r = shmemNs[row(pe)];
        long b = (start - origin) / binNs;
        for (; b < BINS && origin + b * binNs < end; b++) {
            long from = Math.max(start, origin + b * binNs), to = Math.min(end, origin + (b + 1) * binNs);
            r[(int) b] += to - from;
        }
        lastPe = pe;
        lastRow = r;
        lastBin = (int) b - 1; // the bin the call ended in
        lastFrom = origin + lastBin * binNs;
        lastTo = lastFrom + binNs;
    }

    /** Twice as wide, the same start: the pairs of bins into the first half. */
    private void widenRight() {
        lastTo = Long.MIN_VALUE;
        for (double[] r : shmemNs) {
            for (int b = 0; b < BINS / 2; b++) r[b] = r[2 * b] + r[2 * b + 1];
            Arrays.fill(r, BINS / 2, BINS, 0);
        }
        binNs *= 2;
    }

    /** Twice as wide, the same end: the pairs of bins into the second half, the span reaching as far back again. */
    private void widenLeft() {
        lastTo = Long.MIN_VALUE;
        for (double[] r : shmemNs) {
            for (int b = BINS / 2 - 1; b >= 0; b--) r[BINS / 2 + b] = r[2 * b] + r[2 * b + 1];
            Arrays.fill(r, 0, BINS / 2, 0);
        }
        origin -= binNs * BINS;
        binNs *= 2;
    }

    /** The share of a row's PE time in SHMEM in a bin, 0..1. */
    double share(int row, int bin) {
        int pes = lastPe(row) - firstPe(row) + 1;
        return Math.min(1, shmemNs[row][bin] / ((double) binNs * Math.max(1, pes)));
    }

    /** The bins between the first and the last that hold anything: [first, last + 1); [0, 0) if none. */
    int[] usedBins() {
        int first = BINS, last = -1;
        for (double[] r : shmemNs) {
            for (int b = 0; b < BINS; b++) {
                if (r[b] > 0) {
                    first = Math.min(first, b);
                    last = Math.max(last, b);
                }
            }
        }
        return last < 0 ? new int[] {0, 0} : new int[] {first, last + 1};
    }
}
