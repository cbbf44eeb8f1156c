package io.shmemtrace.replay.report;

import io.shmemtrace.merged.read.PsinsRecord;
import java.util.Arrays;

/**
 * Calls kept until every PE of a run is read, when what they waited for is known: who made each (task, call,
 * site, region), when (start, duration), whether it completed _nbi transfers, and two values of its kind (a
 * collective's instance and root, a hold's lock and release, a wait's word). A run of 64 PEs x 200,000 events
 * keeps 2.3 M collective calls, so not in objects: six longs a call, in pages of 4,096 calls. Arrays doubled as they
 * grew were copied at every doubling and again by the collector, whose pauses stop the report page's thread too
 * (--html: 7 pauses, 257-307 ms), and held up to twice the room the calls need.
 */
final class HeldCalls {
    private static final int PAGE_BITS = 12;
    private static final int PAGE = 1 << PAGE_BITS;
    /** A call's words: task and call (and the posted flag), site and region, start, duration, key, value. */
    private static final int WORDS = 6;
    private static final int WHO = 0, WHERE = 1, START = 2, DURATION = 3, KEY = 4, VALUE = 5;
    /** In WHO, beside the call's index (below 2^16: the merged format keeps it in 16 bits). */
    private static final long POSTED = 1L << 31;

    int size;
    private long[][] pages = new long[16][];

    /** r's call, kept with its kind's key and value; returns its index. */
    int add(PsinsRecord r, boolean completedPosted, long key, long value) {
        int i = size++;
        int p = i >>> PAGE_BITS;
        if (p == pages.length) pages = Arrays.copyOf(pages, 2 * p);
        long[] page = pages[p];
        if (page == null) page = pages[p] = new long[PAGE * WORDS];
        int at = (i & (PAGE - 1)) * WORDS;
        page[at + WHO] = (long) r.task() << 32 | (completedPosted ? POSTED : 0) | r.call().index();
        page[at + WHERE] = (long) r.site() << 32 | (r.enclosingRegion() & 0xFFFFFFFFL);
        page[at + START] = Double.doubleToRawLongBits(r.start());
        page[at + DURATION] = Double.doubleToRawLongBits(r.duration());
        page[at + KEY] = key;
        page[at + VALUE] = value;
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
        pages[i >>> PAGE_BITS][(i & (PAGE - 1)) * WORDS + VALUE] = value;
    }

    private long word(int i, int w) {
        return pages[i >>> PAGE_BITS][(i & (PAGE - 1)) * WORDS + w];
    }
}
