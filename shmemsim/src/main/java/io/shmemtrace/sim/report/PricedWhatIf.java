package io.shmemtrace.sim.report;

import io.shmemtrace.analysis.Diagnosis;

/**
 * A what-if as shmemsim reports it: priced on the machine's measured costs, and the window it predicts with every
 * measured cost at its fastest (low) and slowest (high) sample (both the window itself where the machine file has no
 * spread).
 */
public record PricedWhatIf(Diagnosis.Priced priced, double window, double low, double high) {
    /** Priced against the prediction's window, with no interval. */
    public static PricedWhatIf of(Diagnosis.Priced priced, double predicted) {
        double window = predicted - priced.gain();
        return new PricedWhatIf(priced, window, window, window);
    }
}
