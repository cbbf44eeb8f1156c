package io.shmemtrace.replay.engine;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.RunRecord;
import java.util.Arrays;

/**
 * One task's live symmetric-heap allocations, from its traced shmem_malloc / shmem_free calls and the addresses
 * they returned or took: a symmetric address outside them is static data (a global), which some libraries reach
 * far more slowly than the heap (Open MPI over UCX on shared memory: through the target's progress). Asked at
 * every one-sided call, allocations change rarely: sorted arrays of starts and ends, searched without boxing.
 */
final class SymmetricHeap {
    private long[] starts = new long[0];
    private long[] ends = new long[0];
    private int size;

    /** An allocation (its address and bytes) or a release (its address). */
    void record(RunRecord r) {
        long address = r.address();
        if (address == 0) return;
        int i = Arrays.binarySearch(starts, 0, size, address);
        if (r.type() == RecordType.FREE) {
            if (i < 0) return;
            System.arraycopy(starts, i + 1, starts, i, size - i - 1);
            System.arraycopy(ends, i + 1, ends, i, size - i - 1);
            size--;
        } else if (r.bytes() > 0) {
            if (i >= 0) { // the same address again (freed untraced): its new size
                ends[i] = address + r.bytes();
                return;
            }
            i = -i - 1;
            if (size == starts.length) {
                starts = Arrays.copyOf(starts, Math.max(8, 2 * size));
                ends = Arrays.copyOf(ends, Math.max(8, 2 * size));
            }
            System.arraycopy(starts, i, starts, i + 1, size - i);
            System.arraycopy(ends, i, ends, i + 1, size - i);
            starts[i] = address;
            ends[i] = address + r.bytes();
            size++;
        }
    }

    boolean contains(long address) {
        if (size == 0) return false;
        int i = Arrays.binarySearch(starts, 0, size, address);
        int floor = i >= 0 ? i : -i - 2; // the allocation starting at or before address
        return floor >= 0 && Long.compareUnsigned(address, ends[floor]) < 0;
    }
}
