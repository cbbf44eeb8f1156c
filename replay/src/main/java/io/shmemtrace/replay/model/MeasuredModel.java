package io.shmemtrace.replay.model;

/**
 * Every call costs its traced duration; CPU bursts are as traced (times cpu_ratio). No machine file needed. The
 * engine's own check: replaying a run with it must give the traced run's time. Not final: the what-ifs on the traced
 * times take its costs without their waits (analysis's TracedOwnCosts).
 */
public class MeasuredModel implements CommModel {
    @Override
    public String name() {
        return "measured";
    }

    @Override
    public String description() {
        return "every call takes its traced time (checks the engine: must reproduce the traced run)";
    }

    @Override
    public boolean needsMachine() {
        return false;
    }

    @Override
    public boolean usesMachineProgress() {
        return false;
    }

    @Override
    public boolean seesWritesAsTraced() {
        return true;
    }

    @Override
    public void configure(Target target) {}

    @Override
    public RmaCost rma(Rma call, double start) {
        // a blocking call made posted: its post free (the bound of what overlap buys), its transfer as long as traced
        return new RmaCost(call.madePosted() ? 0 : call.traced(), call.traced());
    }

    @Override
    public SyncCost collective(Collective call) {
        return new SyncCost(0, call.traced());
    }

    @Override
    public SyncCost release(Local call) {
        return new SyncCost(0, call.traced());
    }

    @Override
    public double local(Local call) {
        return call.traced();
    }

    /**
     * The lock is the next asker's from the clear_lock's start: the release happens somewhere inside the call
     * (after its quiet, before its acknowledgement), and the asker's traced time already holds the hand-over, so
     * the replay keeps the traced grant instead of adding the rest of the clear_lock to it.
     */
    @Override
    public double lockFreed(Local clearLock) {
        return 0;
    }
}
