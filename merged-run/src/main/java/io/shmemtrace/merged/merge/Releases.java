package io.shmemtrace.merged.merge;

import io.shmemtrace.format.FieldKind;
import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.merged.format.RecordType;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Causal pairs across hosts beside the barriers, for {@link HostClocks}: a wait returned after the write that
 * released it started. Which write it was the clocks cannot say (that is what they are being corrected for), but the
 * barriers and the values can. shmem_barrier_all completes every transfer, so the barriers cut the run into epochs; the earliest of the
 * writes that could have ended a wait started no later than the one that did, and the wait returned after that.
 * Where those writes all come from other hosts, that bounds the two hosts' clocks; where one comes from the waiter's
 * own host and started before the wait returned (one clock tells), nothing is said.
 * <ul>
 * <li>A wait that blocked ({@link #BLOCKED_NS} or more) was released within its epoch: by a write to its word made
 * in that epoch whose value meets the wait's condition (a write whose value is not recorded may have).</li>
 * <li>A wait that found its condition met was released within its epoch too when the word's value entering the
 * epoch did not meet it: every write to the word in the last epoch that wrote it recorded its value (a p,
 * atomic_set or atomic_swap), none of them met the condition, and no write of unknown bytes reached the word since.
 * (A store by the PE itself is not traced: a program that sets its own flag before waiting on it would mislead
 * this; flags are written by other PEs.)</li>
 * </ul>
 * Writes count by their span where they name their bytes (puts, atomics), and reach any word of their PE where they
 * do not (strided puts, a put's signal). Past {@link #MAX_LONGS} of bookkeeping the pairs are given up (the barriers
 * alone place the hosts, as before). Locks: {@link LockHolds}.
 */
final class Releases {
    /** Longs kept at most (32 MB, some 500,000 writes): a run with more keeps the barriers alone. */
    static final int MAX_LONGS = 4 << 20;
    /** A wait shorter than this did not block: it may have been satisfied by an earlier epoch's write. */
    static final long BLOCKED_NS = 2_000;
    /** Writes of more than one word looked through for one wait; past it, the wait says nothing. */
    private static final int SPANS_LOOKED_AT = 4096;
    /** Operators of a wait's condition, in the trace's numbering (FORMAT.md, CMP). */
    private static final int EQ = 0, NE = 1, GT = 2, LE = 3, LT = 4, GE = 5;
    /** A write's fields: target, address, bytes (-1: any word), epoch, start, value, valued. */
    private static final int W_TARGET = 0, W_ADDRESS = 1, W_BYTES = 2, W_EPOCH = 3, W_START = 4, W_VALUE = 5,
            W_VALUED = 6, WRITE = 7;
    /** A wait's: pe, address, epoch, end, cmp (-1: no condition), value, blocked. */
    private static final int B_PE = 0, B_ADDRESS = 1, B_EPOCH = 2, B_END = 3, B_CMP = 4, B_VALUE = 5, B_BLOCKED = 6,
            WAIT = 7;

    private final int[] hostOf;
    private long[] writes = new long[WRITE * 64];
    private int[] writerOf = new int[64];
    private int nWrites;
    private long[] waits = new long[WAIT * 16];
    private int nWaits;
    private boolean givenUp;

    Releases(int[] hostOf) {
        this.hostOf = hostOf;
    }

    /** Notes event e of PE pe in its epoch (its shmem_barrier_all count so far); times in merged ns. */
    void event(int pe, long epoch, TraceEvent e, RecordType type, long startNs, long endNs) {
        if (givenUp || type == null) return;
        switch (type) {
            case PUT, PUT_NBI, P, ATOMIC, ATOMIC_FETCH -> {
                int valueAt = e.def().indexOf(FieldKind.VALUE); // a write's recorded value is the one it wrote
                write(pe, e.targetPe(), e.value(FieldKind.ADDR, 0), e.bytes(), epoch, startNs,
                        valueAt >= 0, valueAt >= 0 ? e.value(valueAt) : 0);
            }
            case IPUT, PUT_SIGNAL, PUT_SIGNAL_NBI -> write(pe, e.targetPe(), 0, -1, epoch, startNs, false, 0);
            case WAIT -> {
                // a condition on one word (not a wait on a set of flags)
                boolean onWord = e.def().indexOf(FieldKind.UINT) < 0 && e.def().indexOf(FieldKind.VALUE) >= 0;
                int cmp = onWord ? (int) e.value(FieldKind.CMP, -1) : -1;
                waitedOn(pe, e.value(FieldKind.ADDR, 0), epoch, startNs, endNs, cmp, e.value(FieldKind.VALUE, 0));
            }
            default -> { }
        }
    }

    private void write(int pe, int target, long address, long bytes, long epoch, long startNs, boolean valued,
            long value) {
        if (nWrites * WRITE + WRITE > writes.length && !grow()) return;
        // in the order of the W_ fields
        fill(writes, nWrites * WRITE, target, address, bytes, epoch, startNs, value, valued ? 1 : 0);
        if (nWrites == writerOf.length) writerOf = Arrays.copyOf(writerOf, 2 * nWrites);
        writerOf[nWrites++] = pe;
    }

    private void waitedOn(int pe, long address, long epoch, long startNs, long endNs, int cmp, long value) {
        boolean blocked = endNs - startNs >= BLOCKED_NS;
        if (!blocked && (cmp < EQ || cmp > GE)) return; // nothing to be learnt from it
        if (nWaits * WAIT + WAIT > waits.length) {
            if (waits.length + writes.length > MAX_LONGS) {
                giveUp();
                return;
            }
            waits = Arrays.copyOf(waits, 2 * waits.length);
        }
        // in the order of the B_ fields
        fill(waits, nWaits++ * WAIT, pe, address, epoch, endNs, cmp, value, blocked ? 1 : 0);
    }

    private static void fill(long[] into, int at, long... fields) {
        System.arraycopy(fields, 0, into, at, fields.length);
    }

    private boolean grow() {
        if (2L * writes.length + waits.length > MAX_LONGS) {
            giveUp();
            return false;
        }
        writes = Arrays.copyOf(writes, 2 * writes.length);
        return true;
    }

    private void giveUp() {
        givenUp = true;
        writes = new long[0];
        waits = new long[0];
        nWrites = 0;
        nWaits = 0;
    }

    /** Each wait's pair with the earliest write that could have ended it, to clocks. */
    void pairs(HostClocks clocks) {
        Index index = new Index();
        for (int b = 0; b < nWaits; b++) {
            int at = b * WAIT;
            int pe = (int) waits[at + B_PE];
            if (waits[at + B_BLOCKED] == 0 && !enteredUnmet(index, b)) continue;
            int[] candidates = index.reaching(pe, waits[at + B_ADDRESS], waits[at + B_EPOCH]);
            if (candidates == null) continue; // too many to tell
            long earliest = Long.MAX_VALUE;
            int from = -1;
            for (int i : candidates) {
                int writer = writerOf[i];
                if (!mayMeet(i, b)) continue;
                if (hostOf[writer] == hostOf[pe]) {
                    // one clock: a write that started after the wait returned did not end it
                    if (writes[i * WRITE + W_START] > waits[at + B_END]) continue;
                    from = -1; // a write from the waiter's own host may have done it: nothing to say
                    break;
                }
                if (writes[i * WRITE + W_START] < earliest) {
                    earliest = writes[i * WRITE + W_START];
                    from = writer;
                }
            }
            if (from >= 0) clocks.causal(hostOf[from], earliest, hostOf[pe], waits[at + B_END]);
        }
    }

    /**
     * Whether wait b's word entered its epoch with a value that did not meet its condition: the last epoch before
     * that wrote the word wrote only recorded values, none meeting it, and nothing of unknown bytes reached the word
     * from then on.
     */
    private boolean enteredUnmet(Index index, int b) {
        int at = b * WAIT;
        int pe = (int) waits[at + B_PE];
        long address = waits[at + B_ADDRESS], epoch = waits[at + B_EPOCH];
        IntList words = index.words(pe, address);
        int j = words == null ? 0 : words.firstAtLeast(epoch, this::epochOf);
        if (j == 0) return false; // not written before: its first value is unknown
        long last = epochOf(words.get(j - 1));
        for (; j > 0 && epochOf(words.get(j - 1)) == last; j--) {
            int i = words.get(j - 1);
            if (writes[i * WRITE + W_VALUED] == 0 || meets(writes[i * WRITE + W_VALUE], b)) return false;
        }
        int[] spans = index.spans(pe, address, last, epoch);
        return spans != null && spans.length == 0;
    }

    private long epochOf(int i) {
        return writes[i * WRITE + W_EPOCH];
    }

    /** Whether write i could have met wait b's condition (one whose value is not recorded could). */
    private boolean mayMeet(int i, int b) {
        return writes[i * WRITE + W_VALUED] == 0 || waits[b * WAIT + B_CMP] < 0 || meets(writes[i * WRITE + W_VALUE], b);
    }

    /** Whether value meets wait b's condition (compared as signed 64-bit values, as recorded). */
    private boolean meets(long value, int b) {
        long with = waits[b * WAIT + B_VALUE];
        return switch ((int) waits[b * WAIT + B_CMP]) {
            case EQ -> value == with;
            case NE -> value != with;
            case GT -> value > with;
            case LE -> value <= with;
            case LT -> value < with;
            case GE -> value >= with;
            default -> true;
        };
    }

    /** Whether write i names one word (a p, an atomic, a put of up to 8 bytes): found by its address alone. */
    private boolean isWord(int i) {
        long bytes = writes[i * WRITE + W_BYTES];
        return bytes >= 0 && bytes <= Long.BYTES;
    }

    /** The writes by word, the others by target: each list in epoch order. */
    private final class Index {
        private final Map<Word, IntList> byWord = new HashMap<>();
        private final Map<Integer, IntList> spansByTarget = new HashMap<>();

        Index() {
            for (int i = 0; i < nWrites; i++) {
                int target = (int) writes[i * WRITE + W_TARGET];
                long address = writes[i * WRITE + W_ADDRESS];
                if (isWord(i)) byWord.computeIfAbsent(new Word(target, address), k -> new IntList()).add(i);
                else spansByTarget.computeIfAbsent(target, k -> new IntList()).add(i);
            }
            for (IntList list : byWord.values()) list.sortBy(Releases.this::epochOf);
            for (IntList list : spansByTarget.values()) list.sortBy(Releases.this::epochOf);
        }

        /** The one-word writes of (target, address), in epoch order (null: none). */
        IntList words(int target, long address) {
            return byWord.get(new Word(target, address));
        }

        /** The writes of an epoch that reach (target, address), or null when there are too many to look through. */
        int[] reaching(int target, long address, long epoch) {
            int[] spans = spans(target, address, epoch, epoch + 1);
            if (spans == null) return null;
            IntList words = words(target, address);
            if (words == null) return spans;
            int from = words.firstAtLeast(epoch, Releases.this::epochOf), to = words.firstAtLeast(epoch + 1,
                    Releases.this::epochOf);
            int[] all = Arrays.copyOf(spans, spans.length + to - from);
            for (int j = from; j < to; j++) all[spans.length + j - from] = words.get(j);
            return all;
        }

        /**
         * The writes that are not one word in epochs from up to (not including) to that reach (target, address);
         * null past {@link #SPANS_LOOKED_AT} such writes to look through.
         */
        int[] spans(int target, long address, long from, long to) {
            IntList spans = spansByTarget.get(target);
            if (spans == null) return new int[0];
            int first = spans.firstAtLeast(from, Releases.this::epochOf), end = spans.firstAtLeast(to,
                    Releases.this::epochOf);
            if (end - first > SPANS_LOOKED_AT) return null;
            IntList found = new IntList();
            for (int j = first; j < end; j++) {
                int i = spans.get(j);
                long start = writes[i * WRITE + W_ADDRESS], bytes = writes[i * WRITE + W_BYTES];
                if (bytes < 0 || (address >= start && address < start + Math.max(bytes, 1))) found.add(i);
            }
            return found.stream().toArray();
        }
    }

    /** A word of a PE's memory. */
    private record Word(int target, long address) { }

    /** A growable list of write indices. */
    private static final class IntList {
        private int[] items = new int[4];
        private int size;

        void add(int i) {
            if (size == items.length) items = Arrays.copyOf(items, 2 * size);
            items[size++] = i;
        }

        int size() {
            return size;
        }

        int get(int j) {
            return items[j];
        }

        java.util.stream.IntStream stream() {
            return Arrays.stream(items, 0, size);
        }

        void sortBy(java.util.function.IntToLongFunction key) {
            items = stream().boxed().sorted(java.util.Comparator.comparingLong(key::applyAsLong))
                    .mapToInt(Integer::intValue).toArray();
        }

        /** The first position whose key is at least k (the list sorted by key). */
        int firstAtLeast(long k, java.util.function.IntToLongFunction key) {
            int lo = 0, hi = size;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (key.applyAsLong(items[mid]) < k) lo = mid + 1;
                else hi = mid;
            }
            return lo;
        }
    }
}
