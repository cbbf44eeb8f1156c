package io.shmemtrace.bench.calibrate;

import io.shmemtrace.bench.run.Row;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * How noisy a calibration's rows were: over the rows, the median and the worst relative standard error of a row's
 * mean (its samples' spread over their count), and the worst row named. A busy machine shows here first; a
 * prediction made from a noisy machine file is worth less (issue 46's intervals start from these figures).
 */
public record Noise(int rows, double medianRse, double worstRse, String worstRow) {

    /** null without rows. */
    public static Noise of(List<Row> rows) {
        List<Row> sorted = rows.stream().filter(r -> Double.isFinite(r.rse())).sorted(Comparator.comparingDouble(Row::rse))
                .toList();
        if (sorted.isEmpty()) return null;
        Row worst = sorted.get(sorted.size() - 1);
        int n = sorted.size();
        double median = n % 2 == 1 ? sorted.get(n / 2).rse() : (sorted.get(n / 2 - 1).rse() + sorted.get(n / 2).rse()) / 2;
        return new Noise(n, median, worst.rse(), worst.api() + " " + worst.variant() + " " + worst.bytes() + " B");
    }

    /** One line: "noise: 124 rows, relative standard error of a row's mean: median 0.4 %, worst 6.1 % (...)". */
    public String line() {
        return String.format(Locale.ROOT, "%d rows, relative standard error of a row's mean: median %.2f %%, worst %.2f %%"
                + " (%s)", rows, 100 * medianRse, 100 * worstRse, worstRow);
    }
}
