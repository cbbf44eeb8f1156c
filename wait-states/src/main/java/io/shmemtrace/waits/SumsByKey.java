package io.shmemtrace.waits;

import java.util.Arrays;

/**
 * Sums by long key, one table per owner (a task), in open addressing (linear probing): adding to a key costs no
 * allocation, where a {@code Map<Long, double[]>} boxes a key per call. Each table is a single array of longs (its
 * size, then key and sum by turns): a replay of 16,384 tasks adds to a different task's table at nearly every
 * wait, and a table object with an array of keys and one of values cost three cache misses per add.
 * Keys are any long but {@link #FREE}.
 */
final class SumsByKey {
    static final long FREE = Long.MIN_VALUE;
    /** A new table's slots (a power of two). */
    private static final int INITIAL_SLOTS = 4;
    private long[][] tables = new long[16][];

    /** Adds value to owner's sum of key. */
    void add(int owner, long key, double value) {
        if (owner >= tables.length) tables = Arrays.copyOf(tables, Math.max(owner + 1, 2 * tables.length));
        long[] t = tables[owner];
        if (t == null) t = tables[owner] = empty(INITIAL_SLOTS);
        int mask = slots(t) - 1;
        int i = (int) mix(key) & mask;
        while (t[1 + 2 * i] != FREE && t[1 + 2 * i] != key) i = (i + 1) & mask;
        int at = 1 + 2 * i;
        if (t[at] == FREE) {
            t[at] = key;
            t[at + 1] = Double.doubleToRawLongBits(0);
            if (++t[0] * 2 > slots(t)) {
                t[at + 1] = Double.doubleToRawLongBits(value);
                tables[owner] = grown(t);
                return;
            }
        }
        t[at + 1] = Double.doubleToRawLongBits(Double.longBitsToDouble(t[at + 1]) + value);
    }

    /** Owners 0 up to this have had no table or one. */
    int owners() {
        return tables.length;
    }

    /** Calls action with every key of owner's table and its sum, in no particular order. */
    void forEach(int owner, Entry action) {
        long[] t = owner < tables.length ? tables[owner] : null;
        if (t == null) return;
        for (int at = 1; at < t.length; at += 2) {
            if (t[at] != FREE) action.accept(t[at], Double.longBitsToDouble(t[at + 1]));
        }
    }

    interface Entry {
        void accept(long key, double value);
    }

    private static long[] empty(int slots) {
        long[] t = new long[1 + 2 * slots];
        for (int at = 1; at < t.length; at += 2) t[at] = FREE;
        return t;
    }

    private static int slots(long[] t) {
        return (t.length - 1) / 2;
    }

    private static long mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 32);
    }

    private static long[] grown(long[] old) {
        long[] t = empty(2 * slots(old));
        t[0] = old[0];
        int mask = slots(t) - 1;
        for (int from = 1; from < old.length; from += 2) {
            if (old[from] == FREE) continue;
            int i = (int) mix(old[from]) & mask;
            while (t[1 + 2 * i] != FREE) i = (i + 1) & mask;
            t[1 + 2 * i] = old[from];
            t[2 + 2 * i] = old[from + 1];
        }
        return t;
    }
}
