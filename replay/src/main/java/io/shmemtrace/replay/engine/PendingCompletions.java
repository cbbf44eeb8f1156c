package io.shmemtrace.replay.engine;

import io.shmemtrace.merged.read.RunRecord;
import java.util.Arrays;

/**
 * Every task's transfers in flight, by what completes them (a quiet, a barrier, ...) and their target: when the last
 * of them to each target lands. What completes a transfer is a completion key: in a merged file the completing
 * event, read from a run directory the first call of the transfer's group ({@link RunRecord#completesKey}). A task
 * has a few at a time, so a short list scanned end to end beats any map; and each task's list is one array of longs,
 * its length first, then per entry the key (completion key, target, whether an _nbi call posted it) and the landing
 * time: at 16,384 tasks a list touched per call
 * costs what its cache misses cost, and an object with four arrays had five (the replay's top method in JFR).
 */
final class PendingCompletions {
    /** Longs per entry, and the entries a task's array starts with room for. */
    private static final int ENTRY = 2, INITIAL = 4;

    private final long[][] byTask;
    /** What the last take returned, per target (shared: read at once by the caller). */
    private int[] takenTargets = new int[4];
    private double[] takenLanded = new double[4];
    private int taken;
    private boolean lastPosted;

    PendingCompletions(int tasks) {
        byTask = new long[tasks][];
        for (int t = 0; t < tasks; t++) byTask[t] = new long[1 + ENTRY * INITIAL];
    }

    /** The key of (completion key, target), posted in its lowest bit; target -1 (none) and up. */
    private static long key(int completion, int target, boolean posted) {
        return (long) completion << 32 | (long) (target + 1) << 1 | (posted ? 1 : 0);
    }

    private static int completionOf(long key) {
        return (int) (key >> 32);
    }

    private static int targetOf(long key) {
        return (int) ((key & 0xFFFFFFFFL) >>> 1) - 1;
    }

    boolean isEmpty(int task) {
        return byTask[task][0] == 0;
    }

    /** A transfer of task to target, completed by completion (a key), lands at time; nbi: posted by an _nbi call. */
    void add(int task, int completion, int target, double time, boolean nbi) {
        long[] a = byTask[task];
        int size = (int) a[0];
        long k = key(completion, target, nbi);
        for (int i = 1; i < 1 + ENTRY * size; i += ENTRY) {
            if ((a[i] | 1) == (k | 1)) { // the same completion and target
                if (time > Double.longBitsToDouble(a[i + 1])) a[i + 1] = Double.doubleToRawLongBits(time);
                a[i] |= k & 1;
                return;
            }
        }
        int at = 1 + ENTRY * size;
        if (at == a.length) a = byTask[task] = Arrays.copyOf(a, 1 + ENTRY * size * 2);
        a[at] = k;
        a[at + 1] = Double.doubleToRawLongBits(time);
        a[0] = size + 1;
    }

    /** Whether the entry's key is one of those record r completes ({@link RunRecord#completesKey}). */
    private static boolean completedBy(long entry, RunRecord r, int keys) {
        int key = completionOf(entry);
        if (key == RunRecord.COMPLETED_BY_NEXT) return true; // made posted by a what-if: any completing call
        for (int k = 0; k < keys; k++) if (key == (int) r.completesKey(k)) return true;
        return false;
    }

    /** When the transfers of task that record r completes have all landed, leaving them pending; NaN if there are none. */
    double latest(int task, RunRecord r) {
        long[] a = byTask[task];
        int keys = r.completesKeyCount();
        double latest = Double.NaN;
        for (int i = 1; i < 1 + ENTRY * (int) a[0]; i += ENTRY) {
            double landed = Double.longBitsToDouble(a[i + 1]);
            if (completedBy(a[i], r, keys) && !(latest >= landed)) latest = landed;
        }
        return latest;
    }

    /** Whether the transfers the last {@link #take} returned included _nbi ones. */
    boolean lastTookPosted() {
        return lastPosted;
    }

    /**
     * When the transfers of task that record r completes have all landed (and forgets them); NaN if there are none.
     * The latest landing per target is then {@link #takenTarget}(i), {@link #takenLanded}(i), i below {@link #taken}.
     */
    double take(int task, RunRecord r) {
        long[] a = byTask[task];
        int keys = r.completesKeyCount();
        int size = (int) a[0];
        double latest = Double.NaN;
        lastPosted = false;
        taken = 0;
        for (int i = 1; i < 1 + ENTRY * size; ) {
            long k = a[i];
            if (!completedBy(k, r, keys)) {
                i += ENTRY;
                continue;
            }
            double landed = Double.longBitsToDouble(a[i + 1]);
            if (!(latest >= landed)) latest = landed;
            lastPosted |= (k & 1) != 0;
            if (taken == takenTargets.length) {
                takenTargets = Arrays.copyOf(takenTargets, taken * 2);
                takenLanded = Arrays.copyOf(takenLanded, taken * 2);
            }
            takenTargets[taken] = targetOf(k);
            takenLanded[taken++] = landed;
            size--; // the last entry moves into this one's place
            int last = 1 + ENTRY * size;
            a[i] = a[last];
            a[i + 1] = a[last + 1];
        }
        a[0] = size;
        return latest;
    }

    int taken() {
        return taken;
    }

    int takenTarget(int i) {
        return takenTargets[i];
    }

    double takenLanded(int i) {
        return takenLanded[i];
    }
}
