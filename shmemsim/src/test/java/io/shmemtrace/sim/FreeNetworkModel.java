package io.shmemtrace.sim;

import io.shmemtrace.replay.model.Collective;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.Local;
import io.shmemtrace.replay.model.Rma;
import io.shmemtrace.replay.model.RmaCost;
import io.shmemtrace.replay.model.SyncCost;
import io.shmemtrace.replay.model.Target;

/**
 * docs/extending.md, "A new model": a machine whose communication costs nothing, so that a run's prediction is
 * its computation and what it waits for. One class and one line in META-INF/services (ExtendingTest).
 */
public final class FreeNetworkModel implements CommModel {
    @Override
    public String name() {
        return "free-network";
    }

    @Override
    public String description() {
        return "every transfer, collective and call free: what is left is computing and waiting";
    }

    @Override
    public boolean needsMachine() {
        return false;
    }

    @Override
    public void configure(Target target) { }

    @Override
    public RmaCost rma(Rma call, double start) {
        return new RmaCost(0, 0, 0);
    }

    @Override
    public SyncCost collective(Collective call) {
        return SyncCost.NONE;
    }

    @Override
    public SyncCost release(Local call) {
        return SyncCost.NONE;
    }

    @Override
    public double local(Local call) {
        return 0;
    }
}
