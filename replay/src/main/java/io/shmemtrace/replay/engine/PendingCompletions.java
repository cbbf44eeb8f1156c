package io.shmemtrace.replay.engine;

import java.util.Arrays;

/**
 * One task's transfers in flight, by the event that completes them (a quiet, a barrier, ...) and their target:
 * when the last of them to each target lands. A task has a few at a time, so a short list scanned end to end
 * beats any map.
 */
final class PendingCompletions {
    private int[] events = new int[4];
    private int[] targets = new int[4];
    private double[] landed = new double[4];
    private boolean[] posted = new boolean[4];
    private int size;
    private boolean lastPosted;
    /** What the last take returned, per target. */
    private int[] takenTargets = new int[4];
    private double[] takenLanded = new double[4];
    private int taken;

    boolean isEmpty() {
        return size == 0;
    }

    /** A transfer to target completed by event lands at time; nbi: it was posted by an _nbi call. */
    void add(int event, int target, double time, boolean nbi) {
        for (int i = 0; i < size; i++) {
            if (events[i] == event && targets[i] == target) {
                if (time > landed[i]) landed[i] = time;
                posted[i] |= nbi;
                return;
            }
        }
        if (size == events.length) {
            events = Arrays.copyOf(events, size * 2);
            targets = Arrays.copyOf(targets, size * 2);
            landed = Arrays.copyOf(landed, size * 2);
            posted = Arrays.copyOf(posted, size * 2);
        }
        events[size] = event;
        targets[size] = target;
        posted[size] = nbi;
        landed[size++] = time;
    }

    /** When the transfers that event completes have all landed, leaving them pending; NaN if there are none. */
    double latest(int event) {
        double latest = Double.NaN;
        for (int i = 0; i < size; i++) if (events[i] == event && !(latest >= landed[i])) latest = landed[i];
        return latest;
    }

    /** Whether the transfers the last {@link #take} returned included _nbi ones. */
    boolean lastTookPosted() {
        return lastPosted;
    }

    /**
     * When the transfers that event completes have all landed (and forgets them); NaN if there are none. The
     * latest landing per target is then {@link #takenTarget}(i), {@link #takenLanded}(i), i below {@link #taken}.
     */
    double take(int event) {
        double latest = Double.NaN;
        lastPosted = false;
        taken = 0;
        for (int i = 0; i < size; ) {
            if (events[i] != event) {
                i++;
                continue;
            }
            if (!(latest >= landed[i])) latest = landed[i];
            lastPosted |= posted[i];
            if (taken == takenTargets.length) {
                takenTargets = Arrays.copyOf(takenTargets, taken * 2);
                takenLanded = Arrays.copyOf(takenLanded, taken * 2);
            }
            takenTargets[taken] = targets[i];
            takenLanded[taken++] = landed[i];
            size--;
            events[i] = events[size];
            targets[i] = targets[size];
            landed[i] = landed[size];
            posted[i] = posted[size];
        }
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
