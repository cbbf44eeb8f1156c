package io.shmemtrace.merged.read;

import io.shmemtrace.merged.format.AlignmentMethod;

/**
 * The merged file's header (FORMAT.md, "Header").
 *
 * @param barrierSpreadNs how far apart the PEs' first shmem_barrier_all ended by the header clocks, or -1
 */
public record MergedHeader(int flags, int version, int tasks, int missing, long baseRealNs, AlignmentMethod alignment,
                          long barrierSpreadNs, long tablesOffset, long events, int collectiveMismatches,
                          int unpairedLocks, String runId) {}
