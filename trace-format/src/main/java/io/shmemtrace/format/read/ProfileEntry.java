package io.shmemtrace.format.read;

import io.shmemtrace.format.EventDef;

/**
 * One entry of a profile (FORMAT.md, "Profiles"): a thread's calls of one function in one region (and from one call
 * site), or a region's own figures (def {@link EventDef#REGION_BEGIN}: entered, time from begin to end, time in SHMEM
 * within), or a mark's count ({@link EventDef#MARK}).
 *
 * @param region the innermost region the calls were made in (for a region's or a mark's entry: itself); null outside
 * @param site the call site (0 without call sites)
 * @param histogram calls by log2 of their bytes (FORMAT.md): bucket 0 no bytes, bucket k 2^(k-1) to 2^k - 1 bytes
 * @param innerNs a region's entry: the time in SHMEM calls within it; 0 for a function's
 */
public record ProfileEntry(int thread, EventDef def, String region, long site, long calls, long bytes, long totalNs,
                           long minNs, long maxNs, long[] histogram, long innerNs) {}
