package io.shmemtrace.analysis.findings;

import io.shmemtrace.analysis.whatif.WhatIf;
import java.util.List;

/**
 * One finding: what (the problem, in words), where (PEs, region, call site; null where the run has none), how much
 * (seconds and share of the window), why (its cause), what would help (fix), and what that fix is predicted to save
 * (the what-if replayed; null where no what-if prices it).
 */
public record Finding(String kind, String what, List<Integer> pes, String region, String site, double seconds,
                      double share, String cause, String fix, WhatIf whatIf, Double predictedWindow,
                      Double predictedGain) {
    /** What ranks it: the predicted gain where priced, else the time it explains. */
    double rank() {
        return predictedGain != null ? predictedGain : seconds;
    }
}
