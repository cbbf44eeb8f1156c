package io.shmemtrace.openshmem;

/** A symmetric array of ints: puts and gets. */
public final class SymmetricInts extends Symmetric {
    SymmetricInts(Pe pe, long address, int length) {
        super(pe, address, length, Integer.BYTES);
    }

    public void put(long index, int[] src, int targetPe) {
        put(index, src, 0, src.length, targetPe);
    }

    /** shmem_int_put */
    public void put(long index, int[] src, int offset, int count, int targetPe) {
        checkArray(src.length, offset, count);
        Native.putInts(at(index, count, targetPe), src, offset, count, targetPe);
    }

    public void get(long index, int[] dest, int sourcePe) {
        get(index, dest, 0, dest.length, sourcePe);
    }

    /** shmem_int_get */
    public void get(long index, int[] dest, int offset, int count, int sourcePe) {
        checkArray(dest.length, offset, count);
        Native.getInts(at(index, count, sourcePe), dest, offset, count, sourcePe);
    }

    public void putNbi(long index, SymmetricInts src, long srcIndex, int count, int targetPe) {
        Native.putIntsNbi(at(index, count, targetPe), src.at(srcIndex, count), count, targetPe);
    }

    public void getNbi(long index, SymmetricInts src, long srcIndex, int count, int sourcePe) {
        Native.getIntsNbi(at(index, count), src.at(srcIndex, count, sourcePe), count, sourcePe);
    }

    public void p(long index, int value, int targetPe) {
        Native.pInt(at(index, 1, targetPe), value, targetPe);
    }

    public int g(long index, int sourcePe) {
        return Native.gInt(at(index, 1, sourcePe), sourcePe);
    }
}
