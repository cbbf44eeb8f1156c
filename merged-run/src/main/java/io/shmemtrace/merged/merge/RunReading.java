package io.shmemtrace.merged.merge;

/**
 * How a run directory is read when a tool merges it for its own work, as shmem2psins reads it: allowPartial takes
 * what is intact of a run with missing, foreign, duplicate or damaged files (what is missing is said); maxOpen bounds
 * the trace files open at once. Every tool that reads a run takes both (the picocli options: tool-cli's RunOptions).
 */
public record RunReading(boolean allowPartial, int maxOpen) {
    /** A whole run or none, 64 files open at most. */
    public static final RunReading DEFAULT = new RunReading(false, 64);

    public RunReading {
        if (maxOpen < 1) throw new IllegalArgumentException("max open " + maxOpen);
    }
}
