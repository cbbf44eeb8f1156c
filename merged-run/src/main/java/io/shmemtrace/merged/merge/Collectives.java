package io.shmemtrace.merged.merge;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * The PE sets (active sets) of a run's collectives, and their matching across PEs: the k-th collective a PE
 * makes on a set is instance k of that set, one operation on every member. The first member merged sets the
 * reference sequence (call and root of each instance); every other member is checked against it as it
 * streams by, and the per-member counts at the end. Memory: the reference sequences and one count per
 * member, never the events themselves.
 */
final class Collectives {
    /**
     * One PE set: an active set (PE_start, 2^logPE_stride, PE_size) or a team, as world PEs start + i x stride.
     * Set 0 is every PE of the run.
     */
    static final class PeSet {
        final int id;
        final int start;
        final int stride;
        final int size;
        /** (call << 32 | root) of each instance, as the reference member made them. */
        private long[] reference = new long[16];
        private int referenceLength;
        private int referencePe = -1;
        /** Instances each member made (index = member ordinal); -1 for members that were not merged. */
        private final int[] counts;
        private int taskInstances;
        private boolean reportedFor = false;

        PeSet(int id, int start, int stride, int size, int npes) {
            this.id = id;
            this.start = start;
            this.stride = stride;
            this.size = size;
            // A damaged or wrong PE_size must not cost memory: no set has more members than the run has PEs.
            this.counts = new int[Math.min(Math.max(size, 0), npes)];
        }

        /** The member ordinal of a PE, or -1 if it is not in the set. */
        int ordinal(int pe) {
            return io.shmemtrace.merged.read.PeSet.ordinal(pe, start, stride, counts.length);
        }

        /** The world PE of member i. */
        long member(int ordinal) {
            return start + (long) ordinal * stride;
        }

        String describe() {
            return id == 0 ? "set 0 (all PEs)" : "set " + id + " (start " + start + ", stride " + stride + ", size " + size + ")";
        }
    }

    private final List<PeSet> sets = new ArrayList<>();
    private final Map<Long, PeSet> byShape = new HashMap<>();
    private final IntFunction<String> callName;
    private final Consumer<String> report;
    private final int npes;
    private int pe;
    private PeSet lastSet;
    private int mismatches;

    Collectives(int npes, IntFunction<String> callName, Consumer<String> report) {
        this.callName = callName;
        this.report = report;
        this.npes = npes;
        set(0, 1, npes);
    }

    List<PeSet> sets() {
        return sets;
    }

    int mismatches() {
        return mismatches;
    }

    /** The active set of these arguments (a logPE_stride outside 0..30 makes a set without members). */
    PeSet activeSet(int start, int logStride, int size) {
        return set(start, logStride >= 0 && logStride <= 30 ? 1 << logStride : 0, size);
    }

    /** The set with this shape, made on first use. */
    PeSet set(int start, int stride, int size) {
        PeSet last = lastSet;
        if (last != null && last.start == start && last.stride == stride && last.size == size) return last;
        long key = ((long) start << 40) ^ ((long) stride << 20) ^ (size & 0xFFFFFFFFL);
        PeSet s = byShape.get(key);
        if (s == null || s.start != start || s.stride != stride || s.size != size) {
            s = new PeSet(sets.size(), start, stride, size, npes);
            byShape.put(key, s);
            sets.add(s);
        }
        lastSet = s;
        return s;
    }

    PeSet world() {
        return sets.get(0);
    }

    void beginTask(int pe) {
        this.pe = pe;
        for (PeSet s : sets) {
            s.taskInstances = 0;
            s.reportedFor = false;
        }
    }

    /** Records this PE's next collective on set s; returns its instance number. */
    int next(PeSet s, int call, int root) {
        int instance = s.taskInstances++;
        long signature = (long) call << 32 | (root & 0xFFFFFFFFL);
        if (s.referencePe < 0 || s.referencePe == pe) {
            s.referencePe = pe;
            if (s.referenceLength == s.reference.length) s.reference = Arrays.copyOf(s.reference, s.referenceLength * 2);
            s.reference[s.referenceLength++] = signature;
        } else if (instance < s.referenceLength && s.reference[instance] != signature && !s.reportedFor) {
            s.reportedFor = true;
            mismatches++;
            long ref = s.reference[instance];
            report.accept("collective mismatch on " + s.describe() + ": instance " + instance + " is " + what(signature)
                    + " on PE " + pe + " but " + what(ref) + " on PE " + s.referencePe);
        }
        return instance;
    }

    private String what(long signature) {
        int root = (int) signature;
        return callName.apply((int) (signature >>> 32)) + (root >= 0 ? " root " + root : "");
    }

    void endTask() {
        for (PeSet s : sets) {
            int ordinal = s.ordinal(pe);
            if (ordinal >= 0) s.counts[ordinal] = s.taskInstances;
        }
    }

    /** Once every PE is merged: members that made more or fewer collectives than the reference. */
    void finish(boolean[] merged) {
        for (PeSet s : sets) {
            if (s.referencePe < 0) continue;
            for (int ordinal = 0; ordinal < s.counts.length; ordinal++) {
                long member = s.member(ordinal);
                if (member < 0 || member >= merged.length || !merged[(int) member] || s.counts[ordinal] == s.referenceLength) continue;
                mismatches++;
                report.accept("collective mismatch on " + s.describe() + ": PE " + member + " made " + s.counts[ordinal]
                        + " collectives on it, PE " + s.referencePe + " made " + s.referenceLength);
            }
        }
    }
}
