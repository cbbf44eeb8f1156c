package io.shmemtrace.merged.merge;

import io.shmemtrace.format.FieldKind;
import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.merged.format.RecordType;
import java.util.ArrayList;
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

    private final int[] hostOf;
    private int n;
    /** (pe, lock address) -> the open hold's grant and epoch. */
    private final Map<List<Long>, long[]> open = new HashMap<>();
    /** (lock address, epoch) -> host -> its holds there: (grant, release) on the host's clock. */
    private final Map<List<Long>, Map<Integer, List<long[]>>> byLockAndEpoch = new HashMap<>();

    LockHolds(int[] hostOf) {
        this.hostOf = hostOf;
    }

    /** Notes event e of PE pe in its epoch; times in ns on its host's clock. */
    void event(int pe, long epoch, TraceEvent e, RecordType type, long startNs, long endNs) {
        if (type != RecordType.SET_LOCK && type != RecordType.CLEAR_LOCK || hostOf[pe] < 0) return;
        long lock = e.value(FieldKind.ADDR, 0);
        List<Long> key = List.of((long) pe, lock);
        if (type == RecordType.SET_LOCK) {
            open.put(key, new long[] {endNs, epoch});
            return;
        }
        long[] granted = open.remove(key);
        if (granted == null || n == MAX_HOLDS) return;
        n++;
        byLockAndEpoch.computeIfAbsent(List.of(lock, granted[1]), k -> new HashMap<>())
                .computeIfAbsent(hostOf[pe], k -> new ArrayList<>()).add(new long[] {granted[0], startNs});
    }

    /**
     * The shifts of host h's line (ns) that would make one of its holds overlap a hold of the same lock and epoch on
     * a host whose line is known: open intervals, merged, in order.
     */
    double[][] overlapping(int h, HostClocks.Line line, HostClocks.Line[] known) {
        List<double[]> excluded = new ArrayList<>();
        for (Map<Integer, List<long[]>> group : byLockAndEpoch.values()) {
            List<long[]> own = group.get(h);
            if (own == null || group.size() < 2) continue;
            for (Map.Entry<Integer, List<long[]>> other : group.entrySet()) {
                HostClocks.Line theirs = known[other.getKey()];
                if (other.getKey() == h || theirs == null) continue;
                for (long[] x : own) {
                    double xGrant = line.onReference(x[0]), xRelease = line.onReference(x[1]);
                    for (long[] y : other.getValue()) {
                        if (excluded.size() == MAX_EXCLUDED) return merged(excluded);
                        // x shifted by d overlaps y where x's grant + d < y's release and y's grant < x's release + d
                        excluded.add(new double[] {theirs.onReference(y[0]) - xRelease,
                                theirs.onReference(y[1]) - xGrant});
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
}
