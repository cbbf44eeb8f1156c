package io.shmemtrace.analysis.whatif;

import io.shmemtrace.merged.read.PsinsRecord;
import io.shmemtrace.replay.engine.Bursts;

/**
 * Bursts scaled per task, region and epoch ({@link ComputeByRegion}): the factor of the burst before a record is
 * that of its task's current epoch in the record's enclosing region. The epochs are counted as the replay hands the
 * records over, each task's in program order, as the first pass counted them.
 */
final class EpochBursts implements Bursts {
    /** [region + 1][task][epoch] factor; null for a region left as it is. */
    private final double[][][] factors;
    private final int[] epoch;

    EpochBursts(double[][][] factors, int tasks) {
        this.factors = factors;
        this.epoch = new int[tasks];
    }

    /**
     * The factors that bring each task's computation per epoch to target: the mean across tasks (pe -1), or for one
     * PE only, its own or the mean where that is less (the others unchanged).
     */
    static double[][] factors(double[][] byEpoch, int pe) {
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
                f[t][e] = own > 0 ? (target / own) : 1;
            }
        }
        return f;
    }

    @Override
    public double factor(int task, PsinsRecord before) {
        int g = before.enclosingRegion() + 1;
        int e = epoch[task];
        if (io.shmemtrace.analysis.Activity.synchronises(before)) epoch[task]++; // the burst before a collective is the epoch's last
        if (g < 0 || g >= factors.length || factors[g] == null) return 1;
        double[] f = factors[g][task];
        return e < f.length ? f[e] : 1;
    }
}
