package io.shmemtrace.analysis;

/**
 * Many small maps of packed keys ({@link Activity#pack}) to seconds, numbered 0..n-1 and laid out flat: a map's
 * first {@code width} entries are a row of two arrays, found by a linear scan; a map that outgrows its row moves to
 * a {@link LongDoubleMap} of its own until it is cleared. The delay analysis keeps a few such maps per sequence and
 * adds to one at nearly every event of a replay: at 16,384 sequences x 1,000 events a map per sequence was an object
 * and two arrays, each a cache miss (three quarters of that analysis's samples); a row of eight is two lines, and
 * the analysis's maps held at most eight keys in 3 million intervals of 3 million.
 */
public final class SmallMaps {
    private static final int SPILLED = -1;
    private final int width;
    private final long[] keys;
    private final double[] values;
    /** Entries in each map's row, or SPILLED while its entries are in its overflow map. */
    private final int[] sizes;
    private LongDoubleMap[] overflow;

    public SmallMaps(int maps, int width) {
        this.width = width;
        keys = new long[Math.multiplyExact(maps, width)];
        values = new double[keys.length];
        sizes = new int[maps];
    }

    public void add(int map, long key, double value) {
        int n = sizes[map];
        if (n == SPILLED) {
            overflow[map].add(key, value);
            return;
        }
        int base = map * width;
        for (int i = base, end = base + n; i < end; i++) {
            if (keys[i] == key) {
                values[i] += value;
                return;
            }
        }
        if (n < width) {
            keys[base + n] = key;
            values[base + n] = value;
            sizes[map] = n + 1;
        } else {
            spill(map).add(key, value);
        }
    }

    public double get(int map, long key) {
        int n = sizes[map];
        if (n == SPILLED) return overflow[map].get(key);
        int base = map * width;
        for (int i = base, end = base + n; i < end; i++) if (keys[i] == key) return values[i];
        return 0;
    }

    /** The sum of the map's values. */
    public double total(int map) {
        int n = sizes[map];
        if (n == SPILLED) return overflow[map].total();
        double t = 0;
        for (int i = map * width, end = i + n; i < end; i++) t += values[i];
        return t;
    }

    public boolean isEmpty(int map) {
        return sizes[map] == 0;
    }

    /** Visits the map's entries. */
    public void forEach(int map, LongDoubleMap.Entry visitor) {
        int n = sizes[map];
        if (n == SPILLED) {
            overflow[map].forEach(visitor);
            return;
        }
        for (int i = map * width, end = i + n; i < end; i++) visitor.accept(keys[i], values[i]);
    }

    /** Empties the map (back to its row). */
    public void clear(int map) {
        if (sizes[map] == SPILLED) overflow[map].clear(); // kept: a map that spilled once will again
        sizes[map] = 0;
    }

    /** The map's entries moved from its row to its overflow map, which takes every add until the map is cleared. */
    private LongDoubleMap spill(int map) {
        if (overflow == null) overflow = new LongDoubleMap[sizes.length];
        if (overflow[map] == null) overflow[map] = new LongDoubleMap();
        LongDoubleMap m = overflow[map];
        int base = map * width;
        for (int i = base, end = base + sizes[map]; i < end; i++) m.add(keys[i], values[i]);
        sizes[map] = SPILLED;
        return m;
    }
}
