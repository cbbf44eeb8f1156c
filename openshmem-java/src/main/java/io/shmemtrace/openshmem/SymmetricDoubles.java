package io.shmemtrace.openshmem;

/** A symmetric array of doubles: puts, gets and reductions over all PEs. */
public final class SymmetricDoubles extends Symmetric {
    SymmetricDoubles(Pe pe, long address, int length) {
        super(pe, address, length, Double.BYTES);
    }

    public void put(long index, double[] src, int targetPe) {
        put(index, src, 0, src.length, targetPe);
    }

    /** shmem_double_put */
    public void put(long index, double[] src, int offset, int count, int targetPe) {
        checkArray(src.length, offset, count);
        Native.putDoubles(at(index, count, targetPe), src, offset, count, targetPe);
    }

    public void get(long index, double[] dest, int sourcePe) {
        get(index, dest, 0, dest.length, sourcePe);
    }

    /** shmem_double_get */
    public void get(long index, double[] dest, int offset, int count, int sourcePe) {
        checkArray(dest.length, offset, count);
        Native.getDoubles(at(index, count, sourcePe), dest, offset, count, sourcePe);
    }

    public void putNbi(long index, SymmetricDoubles src, long srcIndex, int count, int targetPe) {
        Native.putDoublesNbi(at(index, count, targetPe), src.at(srcIndex, count), count, targetPe);
    }

    public void getNbi(long index, SymmetricDoubles src, long srcIndex, int count, int sourcePe) {
        Native.getDoublesNbi(at(index, count), src.at(srcIndex, count, sourcePe), count, sourcePe);
    }

    public void p(long index, double value, int targetPe) {
        Native.pDouble(at(index, 1, targetPe), value, targetPe);
    }

    public double g(long index, int sourcePe) {
        return Native.gDouble(at(index, 1, sourcePe), sourcePe);
    }

    public void sumToAll(SymmetricDoubles src, int count) {
        checkCollective(src, count, count, count);
        Native.doubleSumToAll(address(0), src.address(0), count);
    }

    public void maxToAll(SymmetricDoubles src, int count) {
        checkCollective(src, count, count, count);
        Native.doubleMaxToAll(address(0), src.address(0), count);
    }

    public void minToAll(SymmetricDoubles src, int count) {
        checkCollective(src, count, count, count);
        Native.doubleMinToAll(address(0), src.address(0), count);
    }
}
