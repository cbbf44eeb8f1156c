package io.shmemtrace.merged.read;

import io.shmemtrace.merged.format.MergedLayout;

/**
 * One task's index entry (FORMAT.md, "Index").
 *
 * @param records records of the task, CPU bursts included (two per SHMEM event)
 * @param shiftSeconds added to the task's times by the barrier alignment step (the reader adds it)
 * @param state how the PE ended: the per-PE trace state (0 crashed, 1 finalized, 2 exited, 3 disabled), or 255
 * @param flags TASK_THREADED: each record names its thread
 * @param crc CRC-32C of the task's records
 */
public record PeEntry(int task, long offset, long records, double shiftSeconds, int state, boolean damaged,
                        int threads, int flags, int crc) {
    public boolean missing() {
        return state == MergedLayout.STATE_MISSING;
    }

    public long events() {
        return records / 2;
    }
}
