package io.shmemtrace.replay.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The machine's progress rule in the replay (Model progress rma= / static=target): which transfers complete only
 * when their target is in the library (by the tasks' library timelines), the time each task owes to taking others'
 * transfers, and the sequences whose completing call waits for a target's replay to get far enough.
 */
final class TargetProgress {
    private final boolean heap;
    private final boolean staticData;
    private final LibraryTimelines timelines;
    private final double[] owed;
    private final List<List<Sequence>> waiters;
    private int waiting;

    TargetProgress(LibraryTimelines timelines, int tasks, boolean heap, boolean staticData) {
        this.heap = heap;
        this.staticData = staticData;
        this.timelines = timelines;
        owed = new double[tasks];
        waiters = new ArrayList<>(tasks);
        for (int t = 0; t < tasks; t++) waiters.add(new ArrayList<>());
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

    /** When a transfer to target landing at x completes: target -1 needs no one; NaN while not known yet. */
    double completes(int target, double x) {
        return target >= 0 ? timelines.inLibraryFrom(target, x) : x;
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
