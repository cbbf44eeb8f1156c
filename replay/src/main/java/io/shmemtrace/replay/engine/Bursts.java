package io.shmemtrace.replay.engine;

import io.shmemtrace.merged.read.PsinsRecord;

/**
 * A change to the program's computation for a what-if: the factor a CPU burst is scaled by (beside the target
 * machine's cpu_ratio), by the task and the record the burst comes before (its enclosing region, its call site).
 */
@FunctionalInterface
public interface Bursts {
    double factor(int task, PsinsRecord before);
}
