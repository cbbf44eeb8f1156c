package io.shmemtrace.replay.model;

import io.shmemtrace.merged.format.RecordType;

/**
 * A call with no data of its own to move: its type, task and traced duration; staticData: the word it works on
 * (a lock's) is static symmetric data, not in the heap; homedHere: that word lives at the calling PE (a lock's home).
 */
public record Local(RecordType type, int task, double traced, boolean staticData, boolean homedHere) {
    public Local(RecordType type, int task, double traced) {
        this(type, task, traced, false, false);
    }
}
