package io.shmemtrace.replay.engine;

/**
 * Each task's {@link LibraryTimeline}, where a progress rule asks when a task is in the library: a transfer's
 * target (Model progress rma=target), a message's sender (messages=sender). Only single-threaded tasks have one: a
 * task with threads progresses in any of them and is taken to be in the library at once.
 */
final class LibraryTimelines {
    private final LibraryTimeline[] timelines;

    /** sequencesOf: per task, how many sequences (threads) it has. */
    LibraryTimelines(int[] sequencesOf) {
        timelines = new LibraryTimeline[sequencesOf.length];
        for (int t = 0; t < sequencesOf.length; t++) if (sequencesOf[t] == 1) timelines[t] = new LibraryTimeline();
    }

    void entered(int task, double start) {
        if (timelines[task] != null) timelines[task].enter(start);
    }

    /** task's call ran from start to end; its next starts at next (NaN: it has no more). */
    void left(int task, double start, double end, double next) {
        LibraryTimeline t = timelines[task];
        if (t == null) return;
        t.leave(start, end);
        if (Double.isNaN(next)) t.end();
        else t.next(next);
    }

    /** The first time from x on that task is in the library (x for a task with threads); NaN while not known yet. */
    double inLibraryFrom(int task, double x) {
        LibraryTimeline t = timelines[task];
        return t == null ? x : t.inLibraryFrom(x);
    }
}
