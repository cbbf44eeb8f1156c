package io.shmemtrace.bench.calibrate;

import io.shmemtrace.bench.run.Row;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Two measurements of the same cases in two processes, row by row the faster. Open MPI 4.1 reaches globals through
 * its progress engine, and now and then a process falls into a slow mode for a whole case (streamed atomics on a
 * global: 1.25 µs a call in one calibration of five, 0.29 in the others; both ways at once 1.78 µs in one of seven
 * against 0.67-0.74): a machine file with such a row mispredicts every program built on that call. Where the two
 * processes disagree by more than {@link #SLOW} times, the row has two modes: the faster is kept as its median, its
 * slowest measurement raised to the slower process's median (so that a prediction's interval covers both), and a
 * note says so. The library's queue's rows come in pairs, the posts and the quiet after them at one depth: a pair is
 * kept whole, from the process whose two together were faster. The mode shows in how the cost splits between them
 * (at 100 Mbit/s atomics sent as posted: 6.0 us a post, 2.6 a drain; queued: 0.8 and 5.7), and the faster of each
 * alone would make a pair no process measured.
 */
public final class FasterOfTwo {
    /** How many times slower one process's row must be for a note. */
    static final double SLOW = 1.5;

    private FasterOfTwo() {}

    /** The rows kept, and those of them with two modes. */
    public record Kept(List<Row> rows, Set<Row> modes) {}

    /**
     * Per (test, call, variant, size or depth), the row with the lower median, or of the queue's pair with the lower
     * sum; rows only one process has are kept.
     */
    public static Kept of(List<Row> first, List<Row> second, Consumer<String> note) {
        Map<String, Row> faster = new LinkedHashMap<>();
        Set<String> twoModes = new HashSet<>();
        Map<String, Double> firstPairs = pairs(first), secondPairs = pairs(second);
        for (Row r : first) faster.put(key(r), r);
        for (Row r : second) {
            Row other = faster.get(key(r));
            if (other == null) {
                faster.put(key(r), r);
                continue;
            }
            // the queue's pair, where both processes measured both rows of it; else the row itself
            Double mine = secondPairs.get(pairKey(r)), theirs = firstPairs.get(pairKey(r));
            boolean paired = mine != null && theirs != null;
            double a = paired ? mine : r.medianUs(), b = paired ? theirs : other.medianUs();
            double lo = Math.min(a, b), hi = Math.max(a, b);
            Row kept = a < b ? r : other;
            if (lo > 0 && hi > SLOW * lo) {
                note.accept(String.format(Locale.ROOT, "%s %s %d B%s: %.4f us in one process, %.4f in the other"
                        + " (the faster kept, the slower as its high end)", r.api(), r.variant(), r.bytes(),
                        r.depth() > 0 ? " at depth " + r.depth() + (paired ? ", posts and drain together" : "") : "",
                        hi, lo));
                hi = Math.max(r.medianUs(), other.medianUs()); // the row's own slower median
                kept = kept.withHighAtLeast(hi);
                twoModes.add(key(r));
            }
            faster.put(key(r), kept);
        }
        Set<Row> modes = new LinkedHashSet<>();
        for (String k : twoModes) modes.add(faster.get(k));
        return new Kept(new ArrayList<>(faster.values()), modes);
    }

    /** The queue's pairs: per pair, its posts and drain per call together (medians), where both rows are there. */
    private static Map<String, Double> pairs(List<Row> rows) {
        Map<String, Double> sum = new LinkedHashMap<>();
        Map<String, Integer> count = new LinkedHashMap<>();
        for (Row r : rows) {
            String k = pairKey(r);
            if (k == null) continue;
            sum.merge(k, r.medianUs(), Double::sum);
            count.merge(k, 1, Integer::sum);
        }
        sum.keySet().removeIf(k -> count.get(k) != 2);
        return sum;
    }

    /** The pair a queue row belongs to (posted and drained, or their mixed twins, at one depth); null for other rows. */
    private static String pairKey(Row r) {
        if (r.depth() <= 0) return null;
        String v = r.variant();
        String kind = v.endsWith("posted") ? v.substring(0, v.length() - "posted".length())
                : v.endsWith("drained") ? v.substring(0, v.length() - "drained".length()) : null;
        return kind == null ? null : r.test() + "\t" + r.api() + "\t" + kind + "\t" + r.bytes() + "\t" + r.depth();
    }

    private static String key(Row r) {
        return r.test() + "\t" + r.api() + "\t" + r.variant() + "\t" + r.bytes() + "\t" + r.depth();
    }
}
