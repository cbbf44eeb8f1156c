package io.shmemtrace.replay.report;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.replay.engine.CallStats;
import io.shmemtrace.replay.engine.RegionTimes;
import io.shmemtrace.replay.engine.PeTimes;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;

/**
 * stdout: PSINS's lines first (TaskTimes, ETime, Event, TotalPredictionTime), so that scripts written for
 * PSINS keep working, then the paper's statistics, each predicted figure beside its traced one, and what the
 * difference comes from (Explanation).
 */
public final class TextReport {
    private static final int TASK_TABLE_LIMIT = 64;

    private TextReport() {}

    public static void print(Prediction p, PrintStream out) {
        var r = p.result();
        for (PeTimes t : r.tasks()) {
            out.printf(Locale.ROOT, "TaskTimes %d %.9f %.9f%n", t.task(), t.compute(), t.comm() + t.waited());
        }
        for (int i = 0; i < r.callTable().size(); i++) {
            if (r.calls()[i].calls > 0) out.printf(Locale.ROOT, "ETime %s %.9f%n", r.callTable().get(i).name(), r.calls()[i].time);
        }
        for (int i = 0; i < r.callTable().size(); i++) {
            if (r.calls()[i].calls > 0) out.printf(Locale.ROOT, "Event %s %d%n", r.callTable().get(i).name(), r.calls()[i].calls);
        }
        out.printf(Locale.ROOT, "TotalPredictionTime %.9f%n", p.predicted());
        out.println();
        out.printf(Locale.ROOT, "shmemsim: model %s, machine %s, %d PEs, %d events replayed in %.2f s (%.1f M events/s)%n",
                p.model(), p.machine(), r.tasks().size(), r.events(), p.replaySeconds(),
                r.events() / Math.max(p.replaySeconds(), 1e-9) / 1e6);
        out.printf(Locale.ROOT, "application window (the run's: the last PE's end of shmem_init to the last PE's start of shmem_finalize):%n");
        out.printf(Locale.ROOT, "  traced %.6f s, predicted %.6f s (%+.1f %%)%n", p.traced(), p.predicted(), 100 * p.error());
        if (p.hasInterval()) {
            out.printf(Locale.ROOT, "  interval %.6f-%.6f s (%s)%n", p.low(), p.high(), p.intervalFrom());
        }
        out.printf(Locale.ROOT, "  shmem_init %.6f s, shmem_finalize %.6f s per PE on average, as traced (outside the window)%n",
                p.meanInit(), p.meanFinalize());
        out.println();
        out.printf("%-16s %11s %13s %13s %13s %8s %13s %14s %10s%n", "by event type", "calls", "traced_s", "predicted_s",
                "diff_s", "diff", "wait_s", "bytes", "avg_bytes");
        for (Map.Entry<RecordType, CallStats> e : p.byType().entrySet()) {
            CallStats c = e.getValue();
            out.printf(Locale.ROOT, "%-16s %11d %13.6f %13.6f %+13.6f %8s %13.6f %14d %10s%n",
                    e.getKey().name().toLowerCase(Locale.ROOT), c.calls, c.tracedTime, c.time, c.time - c.tracedTime,
                    percent(c.time, c.tracedTime), c.wait, c.bytes,
                    c.bytes > 0 ? String.format(Locale.ROOT, "%.1f", (double) c.bytes / c.calls) : "-");
        }
        if (!r.regions().isEmpty()) {
            out.println();
            out.printf("%-24s %10s %13s %13s %13s %8s%n", "by region", "entered", "traced_s", "predicted_s", "diff_s",
                    "diff");
            for (RegionTimes.Region g : r.regions()) {
                out.printf(Locale.ROOT, "%-24s %10d %13.6f %13.6f %+13.6f %8s%n", g.name(), g.entered(), g.traced(),
                        g.predicted(), g.predicted() - g.traced(), percent(g.predicted(), g.traced()));
            }
            out.println("  (a region's time from its begin to its end, summed over the PEs and the times it was entered)");
        }
        out.println();
        if (r.tasks().size() <= TASK_TABLE_LIMIT) {
            out.printf("%-8s %13s %13s %8s %13s %13s %8s %13s %14s %10s%n", "PE", "compute_s", "traced", "diff",
                    "in_calls_s", "traced", "diff", "wait_s", "bytes", "avg_msg");
            for (PeTimes t : r.tasks()) taskLine(out, t);
        } else {
            out.printf("by PE: %d PEs (the table is printed up to %d; --json has every PE)%n", r.tasks().size(),
                    TASK_TABLE_LIMIT);
        }
        out.println();
        Explanation.print(p, out);
        out.println();
        long total = r.onNodeBytes() + r.offNodeBytes();
        out.printf(Locale.ROOT, "one-sided bytes: %d on-node (%.1f %%), %d off-node (%.1f %%)%n", r.onNodeBytes(),
                total > 0 ? 100.0 * r.onNodeBytes() / total : 0, r.offNodeBytes(), total > 0 ? 100.0 * r.offNodeBytes() / total : 0);
        out.printf("waits released by no traced write (kept their traced time): %d%n", r.unmatchedWaits());
        if (r.forced() > 0) out.printf("waits or locks released out of traced order (clocks that disagree): %d%n", r.forced());
        out.println();
        out.printf("%-8s %14s   (the PEs that waited most)%n", "PE", "wait_s");
        for (PeTimes t : p.mostWaiting(10)) out.printf(Locale.ROOT, "%-8d %14.9f%n", t.task(), t.waited());
        out.println();
        p.waitStates().print(out);
    }

    private static void taskLine(PrintStream out, PeTimes t) {
        double inCalls = t.comm() + t.waited();
        out.printf(Locale.ROOT, "%-8d %13.6f %13.6f %8s %13.6f %13.6f %8s %13.6f %14d %10s%n", t.task(), t.compute(),
                t.tracedCompute(), percent(t.compute(), t.tracedCompute()), inCalls, t.tracedComm(),
                percent(inCalls, t.tracedComm()), t.waited(), t.bytes(),
                t.messages() > 0 ? String.format(Locale.ROOT, "%.1f", (double) t.bytes() / t.messages()) : "-");
    }

    /** The predicted time against the traced one, as a signed percentage; "-" where nothing was traced. */
    static String percent(double predicted, double traced) {
        return traced > 0 ? String.format(Locale.ROOT, "%+.1f%%", 100 * (predicted - traced) / traced) : "-";
    }
}
