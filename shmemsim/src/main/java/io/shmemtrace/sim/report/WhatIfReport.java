package io.shmemtrace.sim.report;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * --what-if's lines: per what-if, the predicted window and the gain. The gain is the difference between two replays
 * under one model, the run unchanged and changed; the predicted window is the prediction above less that gain.
 */
public final class WhatIfReport {
    private WhatIfReport() {}

    public static void print(double predicted, List<PricedWhatIf> whatIfs, PrintStream out) {
        if (whatIfs.isEmpty()) return;
        boolean intervals = whatIfs.stream().anyMatch(w -> w.low() < w.window() || w.high() > w.window());
        out.println();
        out.printf("%-28s %13s %13s %8s  %s%s%n", "what-if", "predicted_s", "gain_s", "gain",
                intervals ? String.format("%-23s  ", "interval_s") : "", "what changes");
        for (PricedWhatIf w : whatIfs) {
            double gain = w.priced().gain();
            out.printf(Locale.ROOT, "%-28s %13.6f %+13.6f %7.1f%%  %s%s%n", w.priced().whatIf().spec(), w.window(), gain,
                    predicted > 0 ? 100 * gain / predicted : 0,
                    intervals ? String.format(Locale.ROOT, "%-23s  ", String.format(Locale.ROOT, "%.6f-%.6f", w.low(),
                            w.high())) : "", w.priced().whatIf().describe());
        }
    }
}
