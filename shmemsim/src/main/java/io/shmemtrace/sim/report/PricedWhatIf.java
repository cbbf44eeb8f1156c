package io.shmemtrace.sim.report;

import io.shmemtrace.analysis.Diagnosis;

/**
 * A what-if as shmemsim reports it: priced on the machine's measured costs, and the window at each end of the
 * prediction's interval (that end less the what-if's gain priced on the machine at that end of its calibration).
 */
public record PricedWhatIf(Diagnosis.Priced priced, double window, double low, double high) {
    /** Priced against the prediction's window, with no interval. */
    public static PricedWhatIf of(Diagnosis.Priced priced, double predicted) {
        double window = predicted - priced.gain();
        return new PricedWhatIf(priced, window, window, window);
    }
}
