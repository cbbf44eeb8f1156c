package io.shmemtrace.replay.report;

import java.util.Arrays;

/**
 * Sums by long key, in open addressing (linear probing): adding to a key costs no allocation, where a
 * {@code Map<Long, double[]>} boxes a key per call. Keys are any long but {@link #FREE}.
 */
final class LongDoubleMap {
    static final long FREE = Long.MIN_VALUE;
    private long[] keys = new long[8];
    private double[] values = new double[8];
    private int size;

    LongDoubleMap() {
        Arrays.fill(keys, FREE);
    }

    void add(long key, double value) {
        int mask = keys.length - 1;
        int i = (int) mix(key) & mask;
        while (keys[i] != FREE && keys[i] != key) i = (i + 1) & mask;
        if (keys[i] == FREE) {
            keys[i] = key;
            if (++size * 2 > keys.length) {
                values[i] = value;
                grow();
                return;
            }
        }
        values[i] += value;
    }

    private static long mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 32);
    }

    private void grow() {
        long[] oldKeys = keys;
        double[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new double[oldKeys.length * 2];
        Arrays.fill(keys, FREE);
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] == FREE) continue;
            int i = (int) mix(oldKeys[j]) & mask;
            while (keys[i] != FREE) i = (i + 1) & mask;
            keys[i] = oldKeys[j];
            values[i] = oldValues[j];
        }
    }

    /** Calls action with every key and its sum, in no particular order. */
    void forEach(Entry action) {
        for (int i = 0; i < keys.length; i++) if (keys[i] != FREE) action.accept(keys[i], values[i]);
    }

    interface Entry {
        void accept(long key, double value);
    }
}
