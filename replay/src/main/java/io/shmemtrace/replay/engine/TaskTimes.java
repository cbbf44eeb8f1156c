package io.shmemtrace.replay.engine;

/**
 * One task's replay: compute (CPU bursts), communication and waited seconds after its init; the ends of its
 * window, simulated and traced (NaN where it made no such call); bytes and messages of its one-sided calls; its
 * traced compute and time in calls (waits included), for the side-by-side report.
 */
public record TaskTimes(int task, double compute, double comm, double waited, double initEnd, double finalizeStart,
                        double lastEnd, double tracedInitEnd, double tracedFinalizeStart, double tracedLastEnd,
                        long bytes, long messages, double tracedCompute, double tracedComm) {

    static TaskTimes of(Sequence s) {
        return new TaskTimes(s.task, s.compute, s.comm, s.wait, s.initEnd, s.finalizeStart, s.clock, s.tracedInitEnd,
                s.tracedFinalizeStart, s.tracedLastEnd, s.bytesMoved, s.messages, s.tracedCompute, s.tracedComm);
    }

    /** This task with another of its threads added. */
    TaskTimes with(Sequence s) {
        return new TaskTimes(task, compute + s.compute, comm + s.comm, waited + s.wait, first(initEnd, s.initEnd),
                first(finalizeStart, s.finalizeStart), Math.max(lastEnd, s.clock), first(tracedInitEnd, s.tracedInitEnd),
                first(tracedFinalizeStart, s.tracedFinalizeStart), Math.max(tracedLastEnd, s.tracedLastEnd),
                bytes + s.bytesMoved, messages + s.messages, tracedCompute + s.tracedCompute, tracedComm + s.tracedComm);
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
