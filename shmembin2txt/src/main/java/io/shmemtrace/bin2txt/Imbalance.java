package io.shmemtrace.bin2txt;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Per function, the spread of its time over the PEs and IPM's imbalance (max - mean) / max: what the summary's
 * "across PEs" table and the report page's imbalance table show.
 */
record Imbalance(String function, long pes, long calls, long minNs, long medianNs, long maxNs, int maxPe,
                 double imbalance) {

    /** One row per function of the job, in the job's order (by name), from every PE's stats. */
    static List<Imbalance> of(PeStats job, List<PeStats> all) {
        List<Imbalance> rows = new ArrayList<>();
        for (String f : job.byFunction.keySet()) {
            long[] times = new long[all.size()];
            int maxPe = -1;
            long max = -1;
            for (int i = 0; i < all.size(); i++) {
                CallStats c = all.get(i).byFunction.get(f);
                times[i] = c == null ? 0 : c.totalNs;
                if (times[i] > max) {
                    max = times[i];
                    maxPe = all.get(i).pe;
                }
            }
            long[] sorted = times.clone();
            Arrays.sort(sorted);
            long pes = Arrays.stream(times).filter(t -> t > 0).count();
            double mean = Arrays.stream(times).average().orElse(0);
            rows.add(new Imbalance(f, pes, job.byFunction.get(f).calls, sorted[0], sorted[(sorted.length - 1) / 2], max,
                    maxPe, max == 0 ? 0.0 : (max - mean) / max));
        }
        return rows;
    }
}
