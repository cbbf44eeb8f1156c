package io.shmemtrace.replay.engine;

/**
 * When one task was inside the library in the replay so far: its recent calls' intervals, the call it is in now,
 * and when its next call starts once that is known. Where transfers progress only while their target is in the
 * library (Model progress rma=target), a transfer that lands at x completes at the first time from x on that
 * its target is in a call: what {@link #inLibraryFrom} answers, or NaN while the target's replay has not got
 * that far. Only the latest calls are kept: the replay keeps tasks close in time, and a question about an
 * older time is answered from the oldest call kept.
 */
final class LibraryTimeline {
    private static final int KEPT = 1024;
    private final double[] starts = new double[KEPT];
    private final double[] ends = new double[KEPT];
    private int newest = -1;
    private int count;
    private double inCallSince = Double.NaN;
    private double nextCall = Double.NaN;
    private boolean done;

    /** The task enters a call at start (it may block in it). */
    void enter(double start) {
        inCallSince = start;
        nextCall = Double.NaN;
    }

    /** The call it was in ran from start to end. */
    void leave(double start, double end) {
        newest = (newest + 1) % KEPT;
        starts[newest] = start;
        ends[newest] = end;
        if (count < KEPT) count++;
        inCallSince = Double.NaN;
    }

    /** Its next call starts at start (after a CPU burst). */
    void next(double start) {
        nextCall = start;
    }

    /** It has no more calls: nothing will wait for it. */
    void end() {
        done = true;
    }

    /** The first time from x on that the task is in the library; NaN if its replay has not reached x yet. */
    double inLibraryFrom(double x) {
        if (done) return x;
        if (count > 0 && x <= ends[newest]) {
            // the first kept call that ends at x or later (calls are in time order, oldest at newest + 1)
            int lo = 0, hi = count - 1;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (ends[slot(mid)] >= x) hi = mid;
                else lo = mid + 1;
            }
            return Math.max(x, starts[slot(lo)]);
        }
        if (!Double.isNaN(inCallSince)) return Math.max(x, inCallSince);
        if (!Double.isNaN(nextCall) && x <= nextCall) return nextCall;
        return Double.NaN;
    }

    /** The k-th kept call, oldest first. */
    private int slot(int k) {
        return Math.floorMod(newest - count + 1 + k, KEPT);
    }
}
