package io.shmemtrace.openshmem;

/**
 * A block of symmetric memory that this object owns: the same block on every PE, freed by {@link #close()}
 * (shmem_free, a collective call). Indexes are in elements; every access is checked here, so a bad index, a
 * PE that does not exist or a freed block is an exception, never a stray write.
 */
public abstract sealed class Symmetric implements AutoCloseable
        permits SymmetricLongs, SymmetricInts, SymmetricDoubles, SymmetricBytes {
    final Pe pe;
    private final long address;
    private final int length;
    private final int elementSize;
    private boolean freed;

    Symmetric(Pe pe, long address, int length, int elementSize) {
        this.pe = pe;
        this.address = address;
        this.length = length;
        this.elementSize = elementSize;
    }

    /** Elements in the block. */
    public int length() {
        return length;
    }

    /** The symmetric address of element index: what OpenSHMEM calls receive. */
    public long address(long index) {
        return address + index * elementSize;
    }

    /** Address of elements [index, index + count), after checking the block and the range. */
    long at(long index, long count) {
        checkUsable();
        if (index < 0 || count < 0 || index + count > length) {
            throw new IndexOutOfBoundsException("elements [" + index + ", " + (index + count) + ") are outside this "
                    + getClass().getSimpleName() + " of " + length);
        }
        return address(index);
    }

    /** As {@link #at}, and checks the target PE. */
    long at(long index, long count, int targetPe) {
        long a = at(index, count);
        pe.checkPe(targetPe);
        return a;
    }

    static void checkArray(int arrayLength, int offset, int count) {
        if (offset < 0 || count < 0 || (long) offset + count > arrayLength) {
            throw new IndexOutOfBoundsException("elements [" + offset + ", " + ((long) offset + count)
                    + ") are outside the array of " + arrayLength);
        }
    }

    void checkUsable() {
        pe.checkActive();
        if (freed) throw new IllegalStateException("symmetric memory used after close()");
    }

    /** Checks that a collective's other array is live and holds count elements per PE times perPe. */
    void checkCollective(Symmetric source, long count, long sourceCount, long destCount) {
        checkUsable();
        source.checkUsable();
        if (count < 0) throw new IllegalArgumentException("negative count " + count);
        if (sourceCount > source.length || destCount > length) {
            throw new IndexOutOfBoundsException("collective of " + count + " elements needs " + sourceCount
                    + " in the source (has " + source.length + ") and " + destCount + " in the target (has " + length + ")");
        }
    }

    /** Frees the block on every PE (shmem_free). */
    @Override
    public void close() {
        if (freed) return;
        pe.checkActive();
        Native.free(address);
        freed = true;
    }
}
