package io.shmemtrace.merged.read;

/** An active set of the PE-set table: PE_start, log2 of the stride, PE_size. Set 0 is every PE. */
public record PeSet(int id, int start, int logStride, int size) {
    public boolean contains(int pe) {
        long offset = (long) pe - start;
        return offset >= 0 && (offset & ((1L << logStride) - 1)) == 0 && (offset >> logStride) < size;
    }
}
