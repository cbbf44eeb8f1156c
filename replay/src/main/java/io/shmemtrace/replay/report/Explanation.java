package io.shmemtrace.replay.report;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.replay.engine.CallStats;
import io.shmemtrace.replay.engine.PeTimes;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where a prediction differs from the trace it replays: the compute of all tasks and the time in each event
 * type, predicted less traced, summed over tasks, largest first. The window's own difference is the critical
 * path's, so these sums say which costs moved, not by how much the window did.
 */
public final class Explanation {
    private static final int SHOWN = 6;

    /** One cost that moved: what, predicted and traced seconds over all tasks. */
    public record Difference(String what, double predicted, double traced) {
        public double seconds() {
            return predicted - traced;
        }
    }

    private Explanation() {}

    /** Every difference, largest first (compute first among equals). */
    public static List<Difference> of(Prediction p) {
        List<Difference> list = new ArrayList<>();
        double compute = 0, traced = 0;
        for (PeTimes t : p.result().tasks()) {
            compute += t.compute();
            traced += t.tracedCompute();
        }
        list.add(new Difference("compute", compute, traced));
        for (Map.Entry<RecordType, CallStats> e : p.byType().entrySet()) {
            RecordType type = e.getKey();
            if (type == RecordType.INIT || type == RecordType.FINALIZE) continue; // outside the window, as traced
            list.add(new Difference(type.name().toLowerCase(Locale.ROOT), e.getValue().time, e.getValue().tracedTime));
        }
        list.sort(Comparator.comparingDouble((Difference d) -> -Math.abs(d.seconds())));
        return list;
    }

    static void print(Prediction p, PrintStream out) {
        out.printf(Locale.ROOT, "where the prediction differs from the trace (seconds over all PEs, predicted - traced; "
                + "the window moved %+.6f s):%n", p.predicted() - p.traced());
        List<Difference> all = of(p);
        for (Difference d : all.subList(0, Math.min(SHOWN, all.size()))) {
            out.printf(Locale.ROOT, "  %-16s %+13.6f s  (%.6f predicted, %.6f traced, %s)%n", d.what(), d.seconds(),
                    d.predicted(), d.traced(), TextReport.percent(d.predicted(), d.traced()));
        }
        out.println();
    }
}
