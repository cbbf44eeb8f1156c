package io.shmemtrace.replay.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The machine's progress rule in the replay (Model progress rma= / static=target): which transfers complete only
 * when their target is in the library, each task's library timeline (single-threaded tasks; a task with threads
 * progresses in any of them and is taken to progress at once), the time each task owes to taking others'
 * transfers, and the sequences whose completing call waits for a target's replay to get far enough.
 */
final class TargetProgress {
    private final boolean heap;
    private final boolean staticData;
    private final LibraryTimeline[] timelines;
    private final double[] owed;
    private final List<List<Sequence>> waiters;
    private int waiting;

    /** sequencesOf: per task, how many sequences (threads) it has. */
    TargetProgress(int[] sequencesOf, boolean heap, boolean staticData) {
        this.heap = heap;
        this.staticData = staticData;
        int tasks = sequencesOf.length;
        timelines = new LibraryTimeline[tasks];
        owed = new double[tasks];
        waiters = new ArrayList<>(tasks);
        for (int t = 0; t < tasks; t++) {
            if (sequencesOf[t] == 1) timelines[t] = new LibraryTimeline();
            waiters.add(new ArrayList<>());
        }
    }

    /** Whether a transfer to this kind of memory completes only at its target's library calls. */
    boolean needsTarget(boolean onStaticData) {
        return onStaticData ? staticData : heap;
    }

    /** target has to take a transfer, which costs it seconds of its own. */
    void serve(int target, double seconds) {
        owed[target] += seconds;
    }

    /** What task's call that just ended spent taking others' transfers beyond what it waited anyway (then paid). */
    double charge(int task, double waited) {
        double extra = Math.max(0, owed[task] - waited);
        owed[task] = 0;
        return extra;
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

    /** When a transfer to target landing at x completes: target -1 needs no one; NaN while not known yet. */
    double completes(int target, double x) {
        LibraryTimeline t = target >= 0 ? timelines[target] : null;
        return t == null ? x : t.inLibraryFrom(x);
    }

    /** s waits (in its completing call) for target's replay to get further. */
    void waitFor(Sequence s, int target) {
        if (!s.awaitingProgress) {
            s.awaitingProgress = true;
            waiting++;
        }
        waiters.get(target).add(s);
    }

    /** s's completing call can end: it waits no more. */
    void resumed(Sequence s) {
        if (s.awaitingProgress) {
            s.awaitingProgress = false;
            waiting--;
        }
    }

    boolean anyWaiting() {
        return waiting > 0;
    }

    /** Every waiting sequence, taken off the lists (each is looked at again and waits again if it must). */
    List<Sequence> takeWaiters() {
        List<Sequence> all = new ArrayList<>();
        for (List<Sequence> list : waiters) {
            all.addAll(list);
            list.clear();
        }
        return all;
    }

    /** One waiting sequence, taken off its list; null if none. */
    Sequence takeOne() {
        for (List<Sequence> list : waiters) if (!list.isEmpty()) return list.remove(0);
        return null;
    }
}
