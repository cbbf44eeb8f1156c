package io.shmemtrace.analysis;

/**
 * Seconds by a packed activity key ({@link Activity#pack}), with no object per entry or per update: the analyses
 * add to such maps at every event of a replay (a HashMap of records there made the analysis replay 4.5 times the
 * plain one at 16,384 tasks x 1,000 events). Open addressing, linear probing; no key is -1. A key and its value sit
 * side by side in one array (the value as its bits): the analyses touch a different PE's maps at nearly every event,
 * and each touch is then one cache miss, not one for the key and another for the value (at 16,384 PEs the adds were
 * 39 % of the analysis replay's samples, two arrays apart).
 */
public final class LongDoubleMap {
    private static final long EMPTY = -1;
    /** Key at 2i, the value's bits at 2i + 1. */
    private long[] table = new long[32];
    /** 64 less log2 of the capacity: a slot is the top bits of the key times the golden ratio (Fibonacci hashing). */
    private int shift = 60;
    private int size;

    public LongDoubleMap() {
        clearKeys(table);
    }

    public void add(long key, double value) {
        long[] t = table;
        int mask = (t.length >> 1) - 1;
        int i = slot(key);
        long k;
        while ((k = t[2 * i]) != EMPTY && k != key) i = (i + 1) & mask;
        if (k == EMPTY) {
            t[2 * i] = key;
            t[2 * i + 1] = Double.doubleToRawLongBits(value);
            if (++size * 2 > (t.length >> 1)) grow();
        } else {
            t[2 * i + 1] = Double.doubleToRawLongBits(Double.longBitsToDouble(t[2 * i + 1]) + value);
        }
    }

    public double get(long key) {
        long[] t = table;
        int mask = (t.length >> 1) - 1;
        for (int i = slot(key); t[2 * i] != EMPTY; i = (i + 1) & mask) {
            if (t[2 * i] == key) return Double.longBitsToDouble(t[2 * i + 1]);
        }
        return 0;
    }

    /** The sum of every value. */
    public double total() {
        double sum = 0;
        for (int i = 0; i < table.length; i += 2) if (table[i] != EMPTY) sum += Double.longBitsToDouble(table[i + 1]);
        return sum;
    }

    public int size() {
        return size;
    }

    /** Empties it, keeping its room (the maps of a sequence are emptied at every collective). */
    public void clear() {
        if (size == 0) return;
        clearKeys(table);
        size = 0;
    }

    /** Visits every entry. */
    public void forEach(Entry visitor) {
        for (int i = 0; i < table.length; i += 2) {
            if (table[i] != EMPTY) visitor.accept(table[i], Double.longBitsToDouble(table[i + 1]));
        }
    }

    @FunctionalInterface
    public interface Entry {
        void accept(long key, double value);
    }

    /** Every slot empty (a value is written with its key, so only keys need clearing). */
    private static void clearKeys(long[] t) {
        for (int i = 0; i < t.length; i += 2) t[i] = EMPTY;
    }

    private void grow() {
        long[] old = table;
        table = new long[old.length * 2];
        clearKeys(table);
        shift--;
        size = 0;
        for (int i = 0; i < old.length; i += 2) if (old[i] != EMPTY) add(old[i], Double.longBitsToDouble(old[i + 1]));
    }

    /**
     * The top bits of the product, which every bit of the key reaches (the low bits of a product, as masked before,
     * depend only on the key's low bits: keys differing in their kind or call, packed high, all probed one slot).
     */
    private int slot(long key) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
    }
}
