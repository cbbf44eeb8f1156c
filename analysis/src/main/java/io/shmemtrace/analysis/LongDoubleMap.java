package io.shmemtrace.analysis;

import java.util.Arrays;

/**
 * Seconds by a packed activity key ({@link Activity#pack}), with no object per entry or per update: the analyses
 * add to such maps at every event of a replay (a HashMap of records there made the analysis replay 4.5 times the
 * plain one at 16,384 tasks x 1,000 events). Open addressing, linear probing; no key is -1.
 */
public final class LongDoubleMap {
    private static final long EMPTY = -1;
    private long[] keys = new long[16];
    private double[] values = new double[16];
    /** 64 less log2 of the capacity: a slot is the top bits of the key times the golden ratio (Fibonacci hashing). */
    private int shift = 60;
    private int size;

    public LongDoubleMap() {
        Arrays.fill(keys, EMPTY);
    }

    public void add(long key, double value) {
        int mask = keys.length - 1;
        int i = slot(key);
        while (keys[i] != EMPTY && keys[i] != key) i = (i + 1) & mask;
        if (keys[i] == EMPTY) {
            keys[i] = key;
            values[i] = value;
            if (++size * 2 > keys.length) grow();
        } else {
            values[i] += value;
        }
    }

    public double get(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key); keys[i] != EMPTY; i = (i + 1) & mask) if (keys[i] == key) return values[i];
        return 0;
    }

    /** The sum of every value. */
    public double total() {
        double t = 0;
        for (int i = 0; i < keys.length; i++) if (keys[i] != EMPTY) t += values[i];
        return t;
    }

    public int size() {
        return size;
    }

    /** Empties it, keeping its room (the maps of a sequence are emptied at every collective). */
    public void clear() {
        if (size == 0) return;
        Arrays.fill(keys, EMPTY);
        Arrays.fill(values, 0);
        size = 0;
    }

    /** Visits every entry. */
    public void forEach(Entry visitor) {
        for (int i = 0; i < keys.length; i++) if (keys[i] != EMPTY) visitor.accept(keys[i], values[i]);
    }

    @FunctionalInterface
    public interface Entry {
        void accept(long key, double value);
    }

    private void grow() {
        long[] oldKeys = keys;
        double[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new double[oldKeys.length * 2];
        shift--;
        Arrays.fill(keys, EMPTY);
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) if (oldKeys[i] != EMPTY) add(oldKeys[i], oldValues[i]);
    }

    /**
     * The top bits of the product, which every bit of the key reaches (the low bits of a product, as masked before,
     * depend only on the key's low bits: keys differing in their kind or call, packed high, all probed one slot).
     */
    private int slot(long key) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
    }
}
