package io.shmemtrace.replay.model;

import io.shmemtrace.replay.machine.MachineException;

/**
 * How long communication takes on the target machine. The engine asks a model for each call's cost; what
 * waits for what (collectives for their last member, a quiet for the transfers it completes, a wait for the
 * write that released it, a lock for its holder) is the engine's. Models are found with
 * {@link java.util.ServiceLoader}: a jar on the class path with a
 * {@code META-INF/services/io.shmemtrace.replay.model.CommModel} line adds one.
 *
 * <p>All times are seconds. A model sees calls in the order of their simulated start times.
 */
public interface CommModel {
    /** The name --comm-model takes. */
    String name();

    /** The model as a prediction names it, once configured: its name, and what stood in for what it lacked. */
    default String label() {
        return name();
    }

    /** One line for --help. */
    String description();

    /** Whether the model reads the machine file (a model that does not runs without one). */
    default boolean needsMachine() {
        return true;
    }

    /**
     * Whether a call's cost depends on what other tasks do at the same simulated time (shared links): then the
     * replay runs events strictly in time order; otherwise a task may run ahead until it blocks.
     */
    default boolean sharesResources() {
        return false;
    }

    /**
     * Whether the engine applies the machine's progress rule (Model progress rma=target: a transfer completes at
     * its target's next library call) to this model's transfers; false for a model whose costs are the traced
     * ones, which already hold any such wait.
     */
    default boolean usesMachineProgress() {
        return true;
    }

    /**
     * Whether a write is seen by the wait it released when it was in the trace (as long after the write's start
     * as the wait ended after it there, at the latest when the model says): for a model whose costs are the traced
     * ones. A write can land long before its call returns (a put_signal that blocks for its completion): the
     * call's end is not when its target saw it.
     */
    default boolean seesWritesAsTraced() {
        return false;
    }

    /**
     * Where transfers need their target's progress (the machine's progress rule): the target's own time to take
     * this transfer, spent in its library calls (its calls are that much longer, unless they were waiting anyway).
     */
    default double targetService(Rma call) {
        return 0;
    }

    /** The same for a lock call at a lock homed at another PE: the home's time to serve it. */
    default double lockService(Local call) {
        return 0;
    }

    /** Called once before the replay. */
    void configure(Target target) throws MachineException;

    /** A one-sided call (put, get, atomic; blocking or _nbi) of source to target, starting at start. */
    RmaCost rma(Rma call, double start);

    /**
     * A collective member's cost: how long after the last member arrived it leaves, and the least time it
     * spends in the call from its own arrival.
     */
    SyncCost collective(Collective call);

    /**
     * A call that waits for another task (a wait or test released by a write, a lock granted by its holder's
     * release): its cost after the release, and its least time from its own start.
     */
    SyncCost release(Local call);

    /** A call with no partner: quiet and fence (before what they wait for), lock release, polls, the rest. */
    double local(Local call);

    /**
     * When, after a clear_lock's start, the next asker can have the lock: by default when the call ends (its
     * release seen by the next holder then).
     */
    default double lockFreed(Local clearLock) {
        return local(clearLock);
    }
}
