package io.shmemtrace.sim.engine;

import java.util.Arrays;

/**
 * One task's transfers in flight, by the event that completes them (a quiet, a barrier, ...): when the last of
 * them lands. A task has a few at a time, so a short list scanned end to end beats any map.
 */
final class PendingCompletions {
    private int[] events = new int[4];
    private double[] landed = new double[4];
    private boolean[] posted = new boolean[4];
    private int size;
    private boolean lastPosted;

    boolean isEmpty() {
        return size == 0;
    }

    /** A transfer completed by event lands at time; nbi: it was posted by an _nbi call. */
    void add(int event, double time, boolean nbi) {
        for (int i = 0; i < size; i++) {
            if (events[i] == event) {
                if (time > landed[i]) landed[i] = time;
                posted[i] |= nbi;
                return;
            }
        }
        if (size == events.length) {
            events = Arrays.copyOf(events, size * 2);
            landed = Arrays.copyOf(landed, size * 2);
            posted = Arrays.copyOf(posted, size * 2);
        }
        events[size] = event;
        posted[size] = nbi;
        landed[size++] = time;
    }

    /** Whether the transfers the last {@link #take} returned included _nbi ones. */
    boolean lastTookPosted() {
        return lastPosted;
    }

    /** When the transfers that event completes have all landed (and forgets them); NaN if there are none. */
    double take(int event) {
        for (int i = 0; i < size; i++) {
            if (events[i] == event) {
                double t = landed[i];
                lastPosted = posted[i];
                size--;
                events[i] = events[size];
                landed[i] = landed[size];
                posted[i] = posted[size];
                return t;
            }
        }
        lastPosted = false;
        return Double.NaN;
    }
}
