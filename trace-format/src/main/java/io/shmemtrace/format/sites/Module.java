package io.shmemtrace.format.sites;

/** One executable segment of a loaded object: [start, end) in the PE's address space, loaded with bias. */
public record Module(long start, long end, long bias, String buildId, String path) {
    boolean holds(long address) {
        return Long.compareUnsigned(address, start) >= 0 && Long.compareUnsigned(address, end) < 0;
    }
}
