package io.shmemtrace.bin2txt;

import java.util.TreeMap;

/** What one PE (or the whole job) did: per-function stats, time in SHMEM and in CPU bursts. */
final class PeStats {
    final TreeMap<String, CallStats> byFunction = new TreeMap<>();
    long events;
    long shmemNs;
    long burstNs;

    void add(String function, long durationNs, long burst, long bytes) {
        byFunction.computeIfAbsent(function, f -> new CallStats()).add(durationNs, bytes);
        events++;
        shmemNs += durationNs;
        burstNs += burst;
    }

    void add(PeStats other) {
        other.byFunction.forEach((f, s) -> byFunction.computeIfAbsent(f, k -> new CallStats()).add(s));
        events += other.events;
        shmemNs += other.shmemNs;
        burstNs += other.burstNs;
    }
}
