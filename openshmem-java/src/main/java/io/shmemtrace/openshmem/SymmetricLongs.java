package io.shmemtrace.openshmem;

/** A symmetric array of longs: puts, gets, atomics, point-to-point waits and collectives over all PEs. */
public final class SymmetricLongs extends Symmetric {
    SymmetricLongs(Pe pe, long address, int length) {
        super(pe, address, length, Long.BYTES);
    }

    /** Copies src into elements [index, index + src.length) on targetPe (shmem_long_put). */
    public void put(long index, long[] src, int targetPe) {
        put(index, src, 0, src.length, targetPe);
    }

    public void put(long index, long[] src, int offset, int count, int targetPe) {
        checkArray(src.length, offset, count);
        Native.putLongs(at(index, count, targetPe), src, offset, count, targetPe);
    }

    /** Copies elements [index, index + dest.length) of sourcePe into dest (shmem_long_get). */
    public void get(long index, long[] dest, int sourcePe) {
        get(index, dest, 0, dest.length, sourcePe);
    }

    public void get(long index, long[] dest, int offset, int count, int sourcePe) {
        checkArray(dest.length, offset, count);
        Native.getLongs(at(index, count, sourcePe), dest, offset, count, sourcePe);
    }

    /** Non-blocking put of count elements of a local symmetric array (shmem_long_put_nbi); complete at quiet. */
    public void putNbi(long index, SymmetricLongs src, long srcIndex, int count, int targetPe) {
        Native.putLongsNbi(at(index, count, targetPe), src.at(srcIndex, count), count, targetPe);
    }

    /** Non-blocking get into this array from src on sourcePe (shmem_long_get_nbi); complete at quiet. */
    public void getNbi(long index, SymmetricLongs src, long srcIndex, int count, int sourcePe) {
        Native.getLongsNbi(at(index, count), src.at(srcIndex, count, sourcePe), count, sourcePe);
    }

    /** Writes one element on targetPe (shmem_long_p). */
    public void p(long index, long value, int targetPe) {
        Native.pLong(at(index, 1, targetPe), value, targetPe);
    }

    /** Reads one element of sourcePe (shmem_long_g). */
    public long g(long index, int sourcePe) {
        return Native.gLong(at(index, 1, sourcePe), sourcePe);
    }

    public long fetchAdd(long index, long value, int targetPe) {
        return Native.fetchAddLong(at(index, 1, targetPe), value, targetPe);
    }

    public void add(long index, long value, int targetPe) {
        Native.addLong(at(index, 1, targetPe), value, targetPe);
    }

    public long fetch(long index, int sourcePe) {
        return Native.fetchLong(at(index, 1, sourcePe), sourcePe);
    }

    public void set(long index, long value, int targetPe) {
        Native.setLong(at(index, 1, targetPe), value, targetPe);
    }

    public long swap(long index, long value, int targetPe) {
        return Native.swapLong(at(index, 1, targetPe), value, targetPe);
    }

    /** Sets the element to value if it equals cond; returns what it was (shmem_long_atomic_compare_swap). */
    public long compareSwap(long index, long cond, long value, int targetPe) {
        return Native.compareSwapLong(at(index, 1, targetPe), cond, value, targetPe);
    }

    /** Waits until this PE's element compares to value as cmp says (shmem_long_wait_until). */
    public void waitUntil(long index, Cmp cmp, long value) {
        Native.waitUntilLong(at(index, 1), cmp.code(), value);
    }

    /**
     * Copies count elements of src on root into this array on every other PE (shmem_broadcast64; as in
     * OpenSHMEM 1.4, the root's own array is left as it was).
     */
    public void broadcast(SymmetricLongs src, int count, int root) {
        checkCollective(src, count, count, count);
        pe.checkPe(root);
        Native.broadcast64(address(0), src.address(0), count, root);
    }

    /** Concatenates count elements of every PE's src, in PE order (shmem_fcollect64). */
    public void fcollect(SymmetricLongs src, int count) {
        checkCollective(src, count, count, (long) count * pe.nPes());
        Native.fcollect64(address(0), src.address(0), count);
    }

    /** As fcollect, where each PE may give a different count (shmem_collect64). */
    public void collect(SymmetricLongs src, int count, int totalCount) {
        checkCollective(src, count, count, totalCount);
        Native.collect64(address(0), src.address(0), count);
    }

    /** Block j of src goes to PE j, block i of this array comes from PE i (shmem_alltoall64). */
    public void alltoall(SymmetricLongs src, int count) {
        long all = (long) count * pe.nPes();
        checkCollective(src, count, all, all);
        Native.alltoall64(address(0), src.address(0), count);
    }

    /** Element-wise sum of src over all PEs into this array (shmem_long_sum_to_all). */
    public void sumToAll(SymmetricLongs src, int count) {
        checkCollective(src, count, count, count);
        Native.longSumToAll(address(0), src.address(0), count);
    }

    public void maxToAll(SymmetricLongs src, int count) {
        checkCollective(src, count, count, count);
        Native.longMaxToAll(address(0), src.address(0), count);
    }

    public void minToAll(SymmetricLongs src, int count) {
        checkCollective(src, count, count, count);
        Native.longMinToAll(address(0), src.address(0), count);
    }
}
