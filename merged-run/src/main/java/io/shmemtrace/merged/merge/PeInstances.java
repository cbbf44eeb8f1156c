package io.shmemtrace.merged.merge;

import java.util.Arrays;

/**
 * One PE's collectives per PE set so far (the instance number of its next one on each), for a trace read again
 * once the merge has numbered the sets: a PE uses few sets, so a short list scanned beats a map, and nothing is
 * sized by the run's sets (16,384 PEs with a set each would make that quadratic).
 */
final class PeInstances {
    private int[] sets = new int[4];
    private int[] counts = new int[4];
    private int size;
    private int last = -1;

    /** The instance number of the PE's next collective on set id. */
    int next(int id) {
        if (last >= 0 && sets[last] == id) return counts[last]++;
        for (int i = 0; i < size; i++) {
            if (sets[i] == id) {
                last = i;
                return counts[i]++;
            }
        }
        if (size == sets.length) {
            sets = Arrays.copyOf(sets, 2 * size);
            counts = Arrays.copyOf(counts, 2 * size);
        }
        sets[size] = id;
        counts[size] = 1;
        last = size++;
        return 0;
    }
}
