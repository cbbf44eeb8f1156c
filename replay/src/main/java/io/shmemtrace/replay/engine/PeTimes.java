package io.shmemtrace.replay.engine;

/**
 * One task's replay: compute (CPU bursts), communication and waited seconds after its init; the ends of its
 * window, simulated and traced (NaN where it made no such call); bytes and messages of its one-sided calls; its
 * traced compute and time in calls (waits included), for the side-by-side report.
 */
public record PeTimes(int task, double compute, double comm, double waited, double initEnd, double finalizeStart,
                        double lastEnd, double tracedInitEnd, double tracedFinalizeStart, double tracedLastEnd,
                        long bytes, long messages, double tracedCompute, double tracedComm) {

    /** This task with another of its threads added. */
    PeTimes with(PeTimes o) {
        return new PeTimes(task, compute + o.compute, comm + o.comm, waited + o.waited, first(initEnd, o.initEnd),
                first(finalizeStart, o.finalizeStart), Math.max(lastEnd, o.lastEnd), first(tracedInitEnd, o.tracedInitEnd),
                first(tracedFinalizeStart, o.tracedFinalizeStart), Math.max(tracedLastEnd, o.tracedLastEnd),
                bytes + o.bytes, messages + o.messages, tracedCompute + o.tracedCompute, tracedComm + o.tracedComm);
    }

    private static double first(double a, double b) {
        return Double.isNaN(a) ? b : a;
    }

    /** Where its application window ends: the start of its finalize, or its last event's end without one. */
    public double windowEnd() {
        return Double.isNaN(finalizeStart) ? lastEnd : finalizeStart;
    }

    public double tracedWindowEnd() {
        return Double.isNaN(tracedFinalizeStart) ? tracedLastEnd : tracedFinalizeStart;
    }
}
