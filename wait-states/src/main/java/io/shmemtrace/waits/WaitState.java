package io.shmemtrace.waits;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.RunRecord;

/**
 * The wait-state patterns of the KOJAK paper, for SHMEM: where a PE's time went waiting for another. A replay
 * reports each as it finds it (see {@link Replay#onWait}).
 */
public enum WaitState {
    /** at a barrier (barrier_all, barrier, sync_all, sync), for the last PE to arrive */
    WAIT_AT_BARRIER("wait_at_barrier"),
    /** at an all-to-all kind of collective (alltoall(s), collect, fcollect, reductions to all), for the last PE */
    WAIT_AT_NXN("wait_at_nxn"),
    /** at a broadcast, a non-root PE waiting for the root to arrive */
    LATE_BROADCAST("late_broadcast"),
    /** at a rooted reduction, the root waiting for the others (OpenSHMEM 1.4's reductions are all to all: none) */
    EARLY_REDUCE("early_reduce"),
    /** in set_lock (or a test_lock that got it), while another PE held the lock */
    LOCK_CONTENTION("lock_contention"),
    /** in a wait_until or test, for the put or atomic that released it, issued late by another PE */
    LATE_WRITER("late_writer"),
    /** in the call that completed _nbi transfers (a quiet, ...): the part of the transfers computation did not hide */
    NBI_NOT_OVERLAPPED("nbi_not_overlapped");

    public final String label;

    WaitState(String label) {
        this.label = label;
    }

    /**
     * The pattern of a member's wait at a collective of type for the last member to arrive (a broadcast's members
     * wait for its root instead: {@link #LATE_BROADCAST}).
     */
    public static WaitState atCollective(RecordType type) {
        return switch (type) {
            case BARRIER_ALL, BARRIER, SYNC_ALL, SYNC -> WAIT_AT_BARRIER;
            default -> WAIT_AT_NXN;
        };
    }

    /** Receives each wait a replay finds: its pattern, the call it waited in (its task, function, site), seconds. */
    @FunctionalInterface
    public interface Listener {
        void waited(WaitState state, RunRecord call, double seconds);
    }
}
