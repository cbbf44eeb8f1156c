package io.shmemtrace.merged.read;

/**
 * A PE set of the PE-set table: the PEs start + i x stride for i in [0, size), numbered i in the set. An active
 * set of OpenSHMEM 1.4 (stride 2^logPE_stride) or a team of 1.5 (any stride, negative too). Set 0 is every PE.
 */
public record PeSet(int id, int start, int stride, int size) {
    public boolean contains(int pe) {
        return ordinal(pe) >= 0;
    }

    /** The PE's number in the set, or -1 if it is not a member. */
    public int ordinal(int pe) {
        return ordinal(pe, start, stride, size);
    }

    /** The ordinal of a PE in the set (start, stride, size), or -1: one rule for the merge and its readers. */
    public static int ordinal(long pe, long start, long stride, long size) {
        long offset = pe - start;
        if (stride == 0) return offset == 0 && size > 0 ? 0 : -1;
        if (offset % stride != 0) return -1;
        long i = offset / stride;
        return i >= 0 && i < size ? (int) i : -1;
    }

    /** The world PE of the set's ordinal-th member. */
    public long member(int ordinal) {
        return start + (long) ordinal * stride;
    }
}
