package io.shmemtrace.waits;

import io.shmemtrace.merged.read.RunRecord;

/**
 * Calls kept until every PE of a run is read, when what they waited for is known: who made each (task, call,
 * site, region), when (start, duration), whether it completed _nbi transfers, and two values of its kind (a
 * collective's instance and root, a hold's lock and release, a wait's word). A run of 64 PEs x 200,000 events
 * keeps 2.3 M collective calls, so not in objects: six longs a call, in {@link SpilledLongs} (pages of the heap, then
 * of a mapped file: a run of 157 M events a PE kept more than the heap holds).
 */
final class HeldCalls {
    /** A call's words: task and call (and the posted flag), site and region, start, duration, key, value. */
    private static final int WORDS = 6;
    private static final int WHO = 0, WHERE = 1, START = 2, DURATION = 3, KEY = 4, VALUE = 5;
    /** In WHO, beside the call's index (below 2^16: the merged format keeps it in 16 bits). */
    private static final long POSTED = 1L << 31;

    int size;
    private final SpilledLongs words = new SpilledLongs();

    /** r's call, kept with its kind's key and value; returns its index. */
    int add(RunRecord r, boolean completedPosted, long key, long value) {
        int i = size++;
        long at = (long) i * WORDS;
        words.ensure(at + WORDS);
        words.set(at + WHO, (long) r.task() << 32 | (completedPosted ? POSTED : 0) | r.call().index());
        words.set(at + WHERE, (long) r.site() << 32 | (r.enclosingRegion() & 0xFFFFFFFFL));
        words.set(at + START, Double.doubleToRawLongBits(r.start()));
        words.set(at + DURATION, Double.doubleToRawLongBits(r.duration()));
        words.set(at + KEY, key);
        words.set(at + VALUE, value);
        return i;
    }
    int task(int i) {
        return (int) (word(i, WHO) >>> 32);
    }

    int call(int i) {
        return (int) (word(i, WHO) & (POSTED - 1));
    }

    /** Whether call i completed _nbi transfers. */
    boolean posted(int i) {
        return (word(i, WHO) & POSTED) != 0;
    }

    int site(int i) {
        return (int) (word(i, WHERE) >> 32);
    }

    int region(int i) {
        return (int) word(i, WHERE);
    }

    double start(int i) {
        return Double.longBitsToDouble(word(i, START));
    }

    double duration(int i) {
        return Double.longBitsToDouble(word(i, DURATION));
    }

    double end(int i) {
        return start(i) + duration(i);
    }

    long key(int i) {
        return word(i, KEY);
    }

    long value(int i) {
        return word(i, VALUE);
    }

    void setValue(int i, long value) {
        words.set((long) i * WORDS + VALUE, value);
    }

    private long word(int i, int w) {
        return words.get((long) i * WORDS + w);
    }

    /** Its room given back (to the heap's budget, the mapped file removed). */
    void release() {
        words.release();
        size = 0;
    }
}
