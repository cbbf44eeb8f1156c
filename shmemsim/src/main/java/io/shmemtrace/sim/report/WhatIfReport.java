package io.shmemtrace.sim.report;

import io.shmemtrace.analysis.Diagnosis;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * --what-if's lines: per what-if, the predicted window and the gain. The gain is the difference between two replays
 * under one model, the run unchanged and changed; the predicted window is the prediction above less that gain.
 */
public final class WhatIfReport {
    private WhatIfReport() {}

    public static void print(double predicted, List<Diagnosis.Priced> whatIfs, PrintStream out) {
        if (whatIfs.isEmpty()) return;
        out.println();
        out.printf("%-28s %13s %13s %8s  %s%n", "what-if", "predicted_s", "gain_s", "gain", "what changes");
        for (Diagnosis.Priced w : whatIfs) {
            out.printf(Locale.ROOT, "%-28s %13.6f %+13.6f %7.1f%%  %s%n", w.whatIf().spec(), predicted - w.gain(), w.gain(),
                    predicted > 0 ? 100 * w.gain() / predicted : 0, w.whatIf().describe());
        }
    }
}
