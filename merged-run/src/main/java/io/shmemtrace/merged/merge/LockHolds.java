package io.shmemtrace.merged.merge;

import io.shmemtrace.format.FieldKind;
import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.merged.format.RecordType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The holds of locks, for {@link HostClocks}: two holds of one lock never overlap. A PE holds the lock at least from
 * the end of its shmem_set_lock to the start of its shmem_clear_lock, so those spans, one lock's, are disjoint on the
 * true time line. Which release a grant waited for cannot be told (a request over a network takes its microseconds
 * even when the lock is free, so a long shmem_set_lock does not say the lock was held), and need not be: each pair
 * of holds of one lock between the same two barriers (an epoch) on two hosts rules out the shifts of one host's
 * clock that would make them overlap, and the clock is moved to the nearest shift left. Past {@link #MAX_HOLDS}
 * holds, or {@link #MAX_EXCLUDED} ruled-out intervals for one host at a time, the rest are left out (fewer
 * constraints, never a wrong one).
 */
final class LockHolds {
    static final int MAX_HOLDS = 1 << 20, MAX_EXCLUDED = 1 << 16;
    /** A hold's fields: host, lock address, epoch, grant (set_lock's end), release (clear_lock's start). */
    private static final int HOST = 0, ADDRESS = 1, EPOCH = 2, GRANT = 3, RELEASE = 4, HOLD = 5;

    private final int[] hostOf;
    private long[] holds = new long[HOLD * 16];
    private int n;
    /** (pe, lock address) -> the open hold's grant and epoch. */
    private final Map<List<Long>, long[]> open = new HashMap<>();
    /** The holds of each (lock, epoch) held on two hosts or more, by host; made at the first use. */
    private List<Map<Integer, int[]>> shared;

    LockHolds(int[] hostOf) {
        this.hostOf = hostOf;
    }

    /** Notes event e of PE pe in its epoch; times in ns on its host's clock. */
    void event(int pe, long epoch, TraceEvent e, RecordType type, long startNs, long endNs) {
        if (type != RecordType.SET_LOCK && type != RecordType.CLEAR_LOCK || hostOf[pe] < 0) return;
        List<Long> key = List.of((long) pe, e.value(FieldKind.ADDR, 0));
        if (type == RecordType.SET_LOCK) {
            open.put(key, new long[] {endNs, epoch});
            return;
        }
        long[] granted = open.remove(key);
        if (granted == null || n == MAX_HOLDS) return;
        if (HOLD * n + HOLD > holds.length) holds = Arrays.copyOf(holds, 2 * holds.length);
        System.arraycopy(new long[] {hostOf[pe], key.get(1), granted[1], granted[0], startNs}, 0, holds, HOLD * n++,
                HOLD);
        shared = null;
    }

    /**
     * The shifts of host h's line (ns) that would make one of its holds overlap a hold of the same lock and epoch on
     * a host whose line is known: open intervals, merged, in order.
     */
    double[][] overlapping(int h, HostClocks.Line line, HostClocks.Line[] known) {
        List<double[]> excluded = new ArrayList<>();
        for (Map<Integer, int[]> group : shared()) {
            int[] own = group.get(h);
            if (own == null) continue;
            for (Map.Entry<Integer, int[]> other : group.entrySet()) {
                HostClocks.Line theirs = known[other.getKey()];
                if (other.getKey() == h || theirs == null) continue;
                for (int x : own) {
                    double xGrant = line.onReference(holds[HOLD * x + GRANT]);
                    double xRelease = line.onReference(holds[HOLD * x + RELEASE]);
                    for (int y : other.getValue()) {
                        if (excluded.size() == MAX_EXCLUDED) return merged(excluded);
                        // x shifted by d overlaps y where x's grant + d < y's release and y's grant < x's release + d
                        excluded.add(new double[] {theirs.onReference(holds[HOLD * y + GRANT]) - xRelease,
                                theirs.onReference(holds[HOLD * y + RELEASE]) - xGrant});
                    }
                }
            }
        }
        return merged(excluded);
    }

    /** The open intervals merged where they overlap, in order. */
    private static double[][] merged(List<double[]> excluded) {
        excluded.sort(Comparator.comparingDouble(i -> i[0]));
        List<double[]> merged = new ArrayList<>();
        for (double[] i : excluded) {
            double[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && i[0] < last[1]) last[1] = Math.max(last[1], i[1]);
            else merged.add(i.clone());
        }
        return merged.toArray(new double[0][]);
    }

    private List<Map<Integer, int[]>> shared() {
        if (shared != null) return shared;
        Map<List<Long>, Map<Integer, List<Integer>>> byLockAndEpoch = new HashMap<>();
        for (int i = 0; i < n; i++) {
            byLockAndEpoch.computeIfAbsent(List.of(holds[HOLD * i + ADDRESS], holds[HOLD * i + EPOCH]),
                    k -> new HashMap<>()).computeIfAbsent((int) holds[HOLD * i + HOST], k -> new ArrayList<>()).add(i);
        }
        shared = new ArrayList<>();
        for (Map<Integer, List<Integer>> group : byLockAndEpoch.values()) {
            if (group.size() < 2) continue;
            Map<Integer, int[]> byHost = new HashMap<>();
            group.forEach((host, list) -> byHost.put(host, list.stream().mapToInt(Integer::intValue).toArray()));
            shared.add(byHost);
        }
        return shared;
    }
}
