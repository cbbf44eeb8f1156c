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

    /** calls made one after another with the same fields (a repeat record): their mean stands for each. */
    void addRepeated(long count, long allNs, long movedBytes) {
        calls += count;
        totalNs += allNs;
        long mean = allNs / count;
        minNs = Math.min(minNs, mean);
        maxNs = Math.max(maxNs, mean);
        bytes += movedBytes;
    }

    /** A profile's entry: calls, their time, fastest and slowest, bytes. */
    void add(long count, long allNs, long fastestNs, long slowestNs, long movedBytes) {
        calls += count;
        totalNs += allNs;
        minNs = Math.min(minNs, fastestNs);
        maxNs = Math.max(maxNs, slowestNs);
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
