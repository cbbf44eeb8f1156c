package io.shmemtrace.analysis.whatif;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.merged.read.RecordReader;
import io.shmemtrace.merged.read.PeEntry;
import java.io.IOException;

/**
 * Each task's traced computation per region (its CPU bursts by their enclosing region, -1 for none) from the end
 * of its init to the start of its finalize, in all and per <em>epoch</em>: the stretch between two collectives the
 * task takes part in (epoch k follows its k-th collective). What a balanced region's what-if sets to the mean
 * across tasks, epoch by epoch: a spike in one step is balanced within that step, not spread over the run (which
 * could make a balanced run longer than the traced one).
 */
public final class ComputeByRegion {
    /** [task][region + 1] seconds. */
    private final double[][] seconds;
    private final int tasks;
    private final MergedFile file;

    private ComputeByRegion(double[][] seconds, int tasks, MergedFile file) {
        this.seconds = seconds;
        this.tasks = tasks;
        this.file = file;
    }

    /** One pass over the merged run's records, a task at a time; each record also goes to also (null: nowhere). */
    public static ComputeByRegion of(MergedFile f, java.util.function.Consumer<RunRecord> also)
            throws IOException, MergedFormatException {
        int regions = f.regionNames().size();
        int tasks = f.header().tasks();
        double[][] s = new double[tasks][regions + 1];
        RunRecord r = new RunRecord();
        for (PeEntry t : f.tasks()) {
            RecordReader reader = f.reader(t.task(), 64 << 10);
            boolean inWindow = false;
            while (reader.next(r)) {
                if (also != null) also.accept(r);
                if (r.type() == RecordType.INIT) {
                    inWindow = true;
                    continue;
                }
                if (inWindow && r.enclosingRegion() < regions) s[t.task()][r.enclosingRegion() + 1] += r.burstBefore();
                if (r.type() == RecordType.FINALIZE) inWindow = false;
            }
        }
        return new ComputeByRegion(s, tasks, f);
    }

    /**
     * Per task, its computation in region per epoch (a second pass over the run): [task][epoch] seconds (a run of
     * 16,384 tasks and 1,000 epochs takes 128 MB a region).
     */
    public double[][] byEpoch(int region) throws IOException, MergedFormatException {
        double[][] e = new double[tasks][];
        RunRecord r = new RunRecord();
        for (PeEntry t : file.tasks()) {
            RecordReader reader = file.reader(t.task(), 64 << 10);
            double[] mine = new double[16];
            int epoch = 0;
            while (reader.next(r)) {
                if (r.type() == RecordType.INIT) continue;
                if (r.enclosingRegion() == region) {
                    if (epoch >= mine.length) mine = java.util.Arrays.copyOf(mine, 2 * epoch);
                    mine[epoch] += r.burstBefore();
                }
                if (io.shmemtrace.analysis.Activity.synchronises(r)) epoch++;
            }
            e[t.task()] = java.util.Arrays.copyOf(mine, epoch + 1);
        }
        for (int t = 0; t < tasks; t++) if (e[t] == null) e[t] = new double[0];
        return e;
    }

    /** Task's computation in region (-1: outside every region). */
    public double of(int task, int region) {
        return seconds[task][region + 1];
    }

    /** The mean over the tasks of their computation in region. */
    public double mean(int region) {
        double sum = 0;
        for (double[] t : seconds) sum += t[region + 1];
        return tasks == 0 ? 0 : sum / tasks;
    }

    /** The most any task computed in region, and which task (the first of the most). */
    public int maxTask(int region) {
        int best = 0;
        for (int t = 1; t < tasks; t++) if (seconds[t][region + 1] > seconds[best][region + 1]) best = t;
        return best;
    }

    /** Regions known (their indices run 0 .. regions - 1). */
    public int regions() {
        return seconds.length == 0 ? 0 : seconds[0].length - 1;
    }

    public int tasks() {
        return tasks;
    }


}
