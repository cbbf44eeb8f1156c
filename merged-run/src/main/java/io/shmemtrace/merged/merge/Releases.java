package io.shmemtrace.merged.merge;

import io.shmemtrace.format.FieldKind;
import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.merged.format.RecordType;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Causal pairs across hosts beside the barriers, for {@link HostClocks}: a wait that blocked returned after a write
 * released it, and a lock that a PE waited for was granted after another PE released it. Which write or release
 * it was the clocks cannot say (that is what they are being corrected for), but the barriers can: shmem_barrier_all
 * completes every transfer, so a wait that blocked between the k-th and the next barrier was released by a write
 * made to its PE between those barriers (an epoch), and a lock waited for within an epoch by a release within it.
 * The earliest such write or release started no later than the one that did it: the wait returned after it. Where
 * they all come from one other host, that bounds the two hosts' clocks; where one comes from the waiter's own host,
 * nothing is said. Writes count by their span where they name their bytes (puts, atomics), and reach any word of
 * their PE where they do not (strided puts, a put's signal). Past {@link #MAX_LONGS} of bookkeeping the pairs are
 * given up (the barriers alone place the hosts, as before).
 */
final class Releases {
    /** Longs kept at most (32 MB, some 800,000 writes): a run with more keeps the barriers alone. */
    static final int MAX_LONGS = 4 << 20;
    /** A wait or lock shorter than this did not block: it may have been satisfied by an earlier epoch's write. */
    static final long BLOCKED_NS = 2_000;
    private static final int WRITE = 5, BLOCKED = 5;

    private final int[] hostOf;
    /** Writes (target, address, bytes or -1 for any word, epoch, start) and releases (address, -, -, epoch, start). */
    private long[] writes = new long[WRITE * 64];
    private int[] writerOf = new int[64];
    private int nWrites;
    /** Blocked waits and lock requests: (pe, address, is lock, epoch, end). */
    private long[] blocked = new long[BLOCKED * 16];
    private int nBlocked;
    private boolean givenUp;

    Releases(int[] hostOf) {
        this.hostOf = hostOf;
    }

    /** Notes event e of PE pe in its epoch (its shmem_barrier_all count so far); times in merged ns. */
    void event(int pe, long epoch, TraceEvent e, RecordType type, long startNs, long endNs) {
        if (givenUp || type == null) return;
        switch (type) {
            case PUT, PUT_NBI, P, ATOMIC, ATOMIC_FETCH -> write(pe, e.targetPe(), e.value(FieldKind.ADDR, 0), e.bytes(),
                    epoch, startNs);
            case IPUT, PUT_SIGNAL, PUT_SIGNAL_NBI -> write(pe, e.targetPe(), 0, -1, epoch, startNs);
            case CLEAR_LOCK -> write(pe, -1, e.value(FieldKind.ADDR, 0), 0, epoch, startNs);
            case WAIT -> block(pe, e.value(FieldKind.ADDR, 0), false, epoch, startNs, endNs);
            case SET_LOCK -> block(pe, e.value(FieldKind.ADDR, 0), true, epoch, startNs, endNs);
            default -> { }
        }
    }

    private void write(int pe, int target, long address, long bytes, long epoch, long startNs) {
        if (nWrites * WRITE + WRITE > writes.length && !grow()) return;
        int at = nWrites * WRITE;
        writes[at] = target;
        writes[at + 1] = address;
        writes[at + 2] = bytes;
        writes[at + 3] = epoch;
        writes[at + 4] = startNs;
        if (nWrites == writerOf.length) writerOf = Arrays.copyOf(writerOf, 2 * nWrites);
        writerOf[nWrites++] = pe;
    }

    private void block(int pe, long address, boolean lock, long epoch, long startNs, long endNs) {
        if (endNs - startNs < BLOCKED_NS) return;
        if (nBlocked * BLOCKED + BLOCKED > blocked.length) {
            if (blocked.length + writes.length > MAX_LONGS) {
                giveUp();
                return;
            }
            blocked = Arrays.copyOf(blocked, 2 * blocked.length);
        }
        int at = nBlocked++ * BLOCKED;
        blocked[at] = pe;
        blocked[at + 1] = address;
        blocked[at + 2] = lock ? 1 : 0;
        blocked[at + 3] = epoch;
        blocked[at + 4] = endNs;
    }

    private boolean grow() {
        if (2L * writes.length + blocked.length > MAX_LONGS) {
            giveUp();
            return false;
        }
        writes = Arrays.copyOf(writes, 2 * writes.length);
        return true;
    }

    private void giveUp() {
        givenUp = true;
        writes = new long[0];
        blocked = new long[0];
        nWrites = 0;
        nBlocked = 0;
    }

    /** Each blocked call's pair with the earliest write or release that could have ended it, to clocks. */
    void pairs(HostClocks clocks) {
        Map<Long, int[]> byEpochTarget = new HashMap<>(); // (epoch, target or -1 for locks) -> indices of its writes
        for (int i = 0; i < nWrites; i++) {
            long key = writes[i * WRITE + 3] << 24 ^ (writes[i * WRITE] + 1);
            int[] list = byEpochTarget.computeIfAbsent(key, k -> new int[] {0});
            if (list[0] + 1 == list.length) list = Arrays.copyOf(list, 2 * list.length);
            list[++list[0]] = i;
            byEpochTarget.put(key, list);
        }
        for (int b = 0; b < nBlocked; b++) {
            int pe = (int) blocked[b * BLOCKED];
            long address = blocked[b * BLOCKED + 1];
            boolean lock = blocked[b * BLOCKED + 2] != 0;
            long epoch = blocked[b * BLOCKED + 3];
            int[] list = byEpochTarget.get(epoch << 24 ^ ((lock ? -1 : pe) + 1));
            if (list == null) continue;
            long earliest = Long.MAX_VALUE;
            int from = -1;
            for (int j = 1; j <= list[0]; j++) {
                int i = list[j];
                int writer = writerOf[i];
                if (writer == pe || !reaches(i, address, lock)) continue;
                if (hostOf[writer] == hostOf[pe]) {
                    from = -1; // a write from the waiter's own host may have done it: nothing to say
                    earliest = Long.MIN_VALUE;
                    break;
                }
                if (writes[i * WRITE + 4] < earliest) {
                    earliest = writes[i * WRITE + 4];
                    from = writer;
                }
            }
            if (from >= 0) clocks.causal(hostOf[from], earliest, hostOf[pe], blocked[b * BLOCKED + 4]);
        }
    }

    /** Whether write i reaches the blocked call's word (a release: the same lock). */
    private boolean reaches(int i, long address, boolean lock) {
        long start = writes[i * WRITE + 1], bytes = writes[i * WRITE + 2];
        if (lock) return start == address;
        return bytes < 0 || (address >= start && address < start + Math.max(bytes, 1));
    }
}
