package io.shmemtrace.bin2txt;

/** Calls of one function: count, time (ns) and bytes moved. */
final class CallStats {
    long calls;
    long totalNs;
    long minNs = Long.MAX_VALUE;
    long maxNs;
    long bytes;

    void add(long durationNs, long movedBytes) {
        calls++;
        totalNs += durationNs;
        minNs = Math.min(minNs, durationNs);
        maxNs = Math.max(maxNs, durationNs);
        bytes += movedBytes;
    }

    void add(CallStats other) {
        calls += other.calls;
        totalNs += other.totalNs;
        minNs = Math.min(minNs, other.minNs);
        maxNs = Math.max(maxNs, other.maxNs);
        bytes += other.bytes;
    }
}
