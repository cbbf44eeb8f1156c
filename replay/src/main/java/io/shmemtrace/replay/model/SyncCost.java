package io.shmemtrace.replay.model;

/**
 * A synchronising call's cost: it ends at max(release + afterRelease, own start + minimum), where release is
 * when the last member arrived (a collective), the write landed (a wait) or the lock came free.
 */
public record SyncCost(double afterRelease, double minimum) {
    public static final SyncCost NONE = new SyncCost(0, 0);
}
