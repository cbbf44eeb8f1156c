package io.shmemtrace.replay.engine;

import io.shmemtrace.merged.format.PsinsType;
import io.shmemtrace.merged.read.PsinsRecord;
import java.util.Map;
import java.util.TreeMap;

/**
 * One task's live symmetric-heap allocations, from its traced shmem_malloc / shmem_free calls and the addresses
 * they returned or took: a symmetric address outside them is static data (a global), which some libraries reach
 * far more slowly than the heap (Open MPI over UCX on shared memory: through the target's progress).
 */
final class SymmetricHeap {
    private final TreeMap<Long, Long> ends = new TreeMap<>();

    /** An allocation (its address and bytes) or a release (its address). */
    void record(PsinsRecord r) {
        if (r.address() == 0) return;
        if (r.type() == PsinsType.FREE) ends.remove(r.address());
        else if (r.bytes() > 0) ends.put(r.address(), r.address() + r.bytes());
    }

    boolean contains(long address) {
        Map.Entry<Long, Long> e = ends.floorEntry(address);
        return e != null && Long.compareUnsigned(address, e.getValue()) < 0;
    }
}
