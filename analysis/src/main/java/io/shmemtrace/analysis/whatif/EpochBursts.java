package io.shmemtrace.analysis.whatif;

import io.shmemtrace.analysis.Activity;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.replay.engine.Bursts;

/**
 * Computation per region brought to a target epoch by epoch ({@link ComputeByRegion}): each task's bursts in the
 * region scaled by the factor of its current epoch, so that its computation there is the target; a task that did none
 * of the region's work in an epoch and is to do its share (a balanced region whose work one PE did alone) does it
 * just before the collective that ends the epoch. The epochs are counted as the replay hands the records over, each
 * task's in program order, as the first pass counted them.
 */
final class EpochBursts implements Bursts {
    /** [region + 1][task][epoch] factor; null for a region left as it is. */
    private final double[][][] factors;
    /** [task][epoch] computation added before the epoch's closing collective; null where none is. */
    private final double[][] added;
    private final int[] epoch;

    private EpochBursts(int regions, int tasks) {
        this.factors = new double[regions + 1][][];
        this.added = new double[tasks][];
        this.epoch = new int[tasks];
    }

    /** Every task's computation in each region given (byEpoch: region -> [task][epoch]) set to the mean across tasks. */
    static EpochBursts balanced(ComputeByRegion compute, int... regions) throws java.io.IOException,
            io.shmemtrace.merged.read.MergedFormatException {
        EpochBursts b = new EpochBursts(compute.regions(), compute.tasks());
        for (int g : regions) b.bring(g, compute.byEpoch(g), -1);
        return b;
    }

    /** Task pe's computation in region brought down to the mean across tasks where it is above it, epoch by epoch. */
    static EpochBursts broughtDown(ComputeByRegion compute, int region, int pe) throws java.io.IOException,
            io.shmemtrace.merged.read.MergedFormatException {
        EpochBursts b = new EpochBursts(compute.regions(), compute.tasks());
        b.bring(region, compute.byEpoch(region), pe);
        return b;
    }

    /** The factors (and added work) that bring region's computation per epoch to the mean (pe -1) or pe's down to it. */
    private void bring(int region, double[][] byEpoch, int pe) {
        int tasks = byEpoch.length, epochs = 0;
        for (double[] t : byEpoch) epochs = Math.max(epochs, t.length);
        double[] mean = new double[epochs];
        for (double[] t : byEpoch) for (int e = 0; e < t.length; e++) mean[e] += t[e];
        for (int e = 0; e < epochs; e++) mean[e] /= Math.max(1, tasks);
        double[][] f = new double[tasks][];
        for (int t = 0; t < tasks; t++) {
            f[t] = new double[byEpoch[t].length];
            for (int e = 0; e < f[t].length; e++) {
                double own = byEpoch[t][e];
                double target = pe < 0 ? mean[e] : t == pe ? Math.min(own, mean[e]) : own;
                f[t][e] = own > 0 ? target / own : 1;
                if (own == 0 && target > 0) { // its share of work it had none of: before the epoch's collective
                    if (added[t] == null) added[t] = new double[f[t].length];
                    added[t][e] += target;
                }
            }
        }
        factors[region + 1] = f;
    }

    @Override
    public double burst(int task, RunRecord before, double burst) {
        int g = before.enclosingRegion() + 1;
        int e = epoch[task];
        if (Activity.synchronises(before)) { // the burst before a collective is the epoch's last
            epoch[task]++;
            if (added[task] != null && e < added[task].length) burst += added[task][e];
        }
        if (g < 0 || g >= factors.length || factors[g] == null) return burst;
        double[] f = factors[g][task];
        return e < f.length ? burst * f[e] : burst;
    }
}
