package io.shmemtrace.bin2txt;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToLongFunction;

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
            Spread s = Spread.of(all, p -> {
                CallStats c = p.byFunction.get(f);
                return c == null || c.totalNs == 0 ? -1 : c.totalNs; // PEs that spent time in it
            });
            rows.add(new Imbalance(f, s.pes, job.byFunction.get(f).calls, s.min, s.median, s.max, s.maxPe, s.imbalance()));
        }
        return rows;
    }

    /**
     * One quantity's spread over the PEs (a function's time, a region's): the PEs that have it, least, median, mean
     * and most (a PE without it counts 0), the PE of the most, and IPM's imbalance.
     */
    record Spread(int pes, long min, long median, double mean, long max, int maxPe) {
        /** time: a PE's value, -1 where the PE has none. */
        static Spread of(List<PeStats> all, ToLongFunction<PeStats> time) {
            long[] times = new long[all.size()];
            int maxPe = -1, pes = 0;
            long max = -1;
            for (int i = 0; i < all.size(); i++) {
                long t = time.applyAsLong(all.get(i));
                if (t >= 0) pes++;
                times[i] = Math.max(0, t);
                if (times[i] > max) {
                    max = times[i];
                    maxPe = all.get(i).pe;
                }
            }
            long[] sorted = times.clone();
            Arrays.sort(sorted);
            return new Spread(pes, sorted[0], sorted[(sorted.length - 1) / 2], Arrays.stream(times).average().orElse(0),
                    max, maxPe);
        }

        double imbalance() {
            return max <= 0 ? 0.0 : (max - mean) / max;
        }
    }
}
