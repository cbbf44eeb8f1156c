package io.shmemtrace.replay.engine;

import io.shmemtrace.merged.read.RunRecord;

/**
 * A change to the program's computation for a what-if: the CPU burst before a record as the change makes it, by the
 * task and the record (its enclosing region, its call site), given the burst as traced (times the target machine's
 * cpu_ratio). Asked once per record, each task's records in program order: a change may move computation from one
 * burst to a later one.
 */
@FunctionalInterface
public interface Bursts {
    double burst(int task, RunRecord before, double burst);
}
