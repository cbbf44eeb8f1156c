package io.shmemtrace.analysis.whatif;

import io.shmemtrace.replay.machine.MachineException;
import io.shmemtrace.replay.model.Collective;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.Local;
import io.shmemtrace.replay.model.Rma;
import io.shmemtrace.replay.model.RmaCost;
import io.shmemtrace.replay.model.SyncCost;
import io.shmemtrace.replay.model.Target;

/**
 * Dimemas's "ideal network" what-if: communication costs nothing (transfers, collectives, completion and ordering
 * calls, locks), while every synchronisation is kept (a collective still waits for its last member, a wait for its
 * write, a lock for its release). Calls that move no data (queries) keep the base model's cost.
 */
final class IdealNetwork implements CommModel {
    private final CommModel base;

    IdealNetwork(CommModel base) {
        this.base = base;
    }

    @Override
    public String name() {
        return base.name() + "+ideal-network";
    }

    @Override
    public String description() {
        return "communication free, synchronisation kept";
    }

    @Override
    public boolean needsMachine() {
        return base.needsMachine();
    }

    @Override
    public boolean usesMachineProgress() {
        return false;
    }

    @Override
    public void configure(Target target) throws MachineException {
        base.configure(target);
    }

    @Override
    public RmaCost rma(Rma call, double start) {
        return new RmaCost(0, 0);
    }

    @Override
    public SyncCost collective(Collective call) {
        return new SyncCost(0, 0);
    }

    @Override
    public SyncCost release(Local call) {
        return new SyncCost(0, 0);
    }

    @Override
    public double local(Local call) {
        return switch (call.type()) {
            case QUERY, OTHER, INIT, FINALIZE, CTX_CREATE -> base.local(call);
            default -> 0; // quiet, fence, locks, symmetric memory (its barrier), contexts' completion
        };
    }

    @Override
    public double lockFreed(Local clearLock) {
        return 0;
    }
}
