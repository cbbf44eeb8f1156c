package io.shmemtrace.replay.engine;

import java.util.Arrays;

/**
 * The earliest traced time any sequence may still act at: a ready sequence at its next event's traced start, a
 * blocked one at its blocking event's traced end, a finished one never. Nothing that happened before the horizon
 * in the traced run is still to come in the replay, so a wait can pick the write that released it, and a lock
 * its next holder in traced order. A segment tree of minima: O(log n) an update, O(1) the minimum.
 */
final class Horizon {
    private final int size;
    private final double[] tree;

    Horizon(int sequences) {
        int s = 1;
        while (s < sequences) s <<= 1;
        size = s;
        tree = new double[2 * s];
        Arrays.fill(tree, Double.POSITIVE_INFINITY);
    }

    void set(int sequence, double tracedTime) {
        int i = sequence + size;
        tree[i] = tracedTime;
        for (i >>= 1; i >= 1; i >>= 1) {
            double m = Math.min(tree[2 * i], tree[2 * i + 1]);
            if (tree[i] == m) break; // the ancestors' minima do not change either
            tree[i] = m;
        }
    }

    double min() {
        return tree[1];
    }
}
