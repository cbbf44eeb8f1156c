package io.shmemtrace.replay.engine;

import java.util.Arrays;

/**
 * The earliest traced time any sequence may still act at: a ready sequence at its next event's traced start, a
 * blocked one at its blocking event's traced end, a finished one never. Nothing that happened before the horizon
 * in the traced run is still to come in the replay, so a wait can pick the write that released it, and a lock
 * its next holder in traced order. A segment tree of minima, brought up to date when read: every event moves its
 * sequence's time, while the minimum is wanted only when a wait or a lock is held, so a sequence that moves many
 * times between two reads climbs the tree once (a climb at every event held a 64-task replay at 11.8 M events/s
 * against 13.3).
 */
final class Horizon {
    private final int size;
    private final double[] tree;
    /** The sequences whose time changed since the last read, once each. */
    private final int[] moved;
    private final boolean[] isMoved;
    private int movedCount;

    Horizon(int sequences) {
        int s = 1;
        while (s < sequences) s <<= 1;
        size = s;
        tree = new double[2 * s];
        Arrays.fill(tree, Double.POSITIVE_INFINITY);
        moved = new int[sequences];
        isMoved = new boolean[sequences];
    }

    void set(int sequence, double tracedTime) {
        tree[sequence + size] = tracedTime;
        if (!isMoved[sequence]) {
            isMoved[sequence] = true;
            moved[movedCount++] = sequence;
        }
    }

    double min() {
        for (int k = 0; k < movedCount; k++) {
            int sequence = moved[k];
            isMoved[sequence] = false;
            for (int i = (sequence + size) >> 1; i >= 1; i >>= 1) {
                double m = Math.min(tree[2 * i], tree[2 * i + 1]);
                if (tree[i] == m) break; // the ancestors' minima do not change either
                tree[i] = m;
            }
        }
        movedCount = 0;
        return tree[1];
    }
}
