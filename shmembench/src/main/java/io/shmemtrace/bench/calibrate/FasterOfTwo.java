package io.shmemtrace.bench.calibrate;

import io.shmemtrace.bench.run.Row;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Two measurements of the same cases in two processes, row by row the faster. Open MPI 4.1 reaches globals through
 * its progress engine, and now and then a process falls into a slow mode for a whole case (streamed atomics on a
 * global: 1.25 µs a call in one calibration of five, 0.29 in the others; both ways at once 1.78 µs in one of seven
 * against 0.67-0.74): a machine file with such a row mispredicts every program built on that call. Where the two
 * processes disagree by more than {@link #SLOW} times, a note says so.
 */
public final class FasterOfTwo {
    /** How many times slower one process's row must be for a note. */
    static final double SLOW = 1.5;

    private FasterOfTwo() {}

    /** Per (test, call, variant, size), the row with the lower median; rows only one process has are kept. */
    public static List<Row> of(List<Row> first, List<Row> second, Consumer<String> note) {
        Map<String, Row> faster = new LinkedHashMap<>();
        for (Row r : first) faster.put(key(r), r);
        for (Row r : second) {
            Row other = faster.get(key(r));
            if (other == null) {
                faster.put(key(r), r);
                continue;
            }
            double lo = Math.min(r.medianUs(), other.medianUs()), hi = Math.max(r.medianUs(), other.medianUs());
            if (lo > 0 && hi > SLOW * lo) {
                note.accept(String.format(Locale.ROOT, "%s %s %d B: %.4f us in one process, %.4f in the other"
                        + " (the faster kept)", r.api(), r.variant(), r.bytes(), hi, lo));
            }
            if (r.medianUs() < other.medianUs()) faster.put(key(r), r);
        }
        return new ArrayList<>(faster.values());
    }

    private static String key(Row r) {
        return r.test() + "\t" + r.api() + "\t" + r.variant() + "\t" + r.bytes();
    }
}
