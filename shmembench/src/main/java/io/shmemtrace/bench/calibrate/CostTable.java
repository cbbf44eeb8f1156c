package io.shmemtrace.bench.calibrate;

import io.shmemtrace.bench.catalog.Catalog;
import io.shmemtrace.bench.generate.Timing;
import io.shmemtrace.bench.run.Row;
import io.shmemtrace.format.Completion;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The measured rows themselves, per operation and size, for shmemsim's table model (Dimemas and LogGOPSim users
 * feed their simulators the same way): written as {@code Model table KEY=bytes:seconds,...} lines. Keys are the
 * operation (event-spec.xml's op, {@code _nbi} added for posted calls) and what was timed:
 * <ul>
 *   <li>{@code OP.call}: seconds in the call when a PE issues them back to back (blocking puts and non-fetching
 *       atomics streamed, _nbi posts, gets and fetching atomics as they return, a collective at the measured set
 *       size);
 *   <li>{@code OP.complete}: from the call's start until its data is in place (call + quiet less an empty quiet,
 *       _nbi full, gets as they return);
 *   <li>{@code wait.seen}: how long a put of a flag takes to be seen by a PE polling on it (half a ping-pong).
 * </ul>
 * and {@code members=N}, the set size the collectives were measured at.
 */
public final class CostTable {
    private final Map<String, TreeMap<Long, Double>> curves = new TreeMap<>();
    private final int members;

    private CostTable(int members) {
        this.members = members;
    }

    /** The table of a calibration's rows; rows of calls the catalog does not know are left out. */
    public static CostTable of(Iterable<Row> rows, Catalog catalog, int members) {
        CostTable t = new CostTable(members);
        for (Row r : rows) {
            var api = catalog.find(r.api());
            if (api.isEmpty()) continue;
            String op = api.get().operation().name().toLowerCase(Locale.ROOT)
                    + (api.get().completion() == Completion.POSTED ? "_nbi" : "");
            double s = r.medianUs() * 1e-6;
            switch (r.variant()) {
                case "+quiet", "full" -> t.put(op + ".complete", r.bytes(), s);
                case "post", Timing.STREAM, "+barrier", "loop" -> t.put(op + ".call", r.bytes(), s);
                case "return" -> {
                    t.put(op + ".call", r.bytes(), s);
                    t.put(op + ".complete", r.bytes(), s);
                }
                case "rtt/2" -> t.put("wait.seen", r.bytes(), s);
                default -> { } // quiet (derived), overlap, busy-target, ack: not costs of a call
            }
        }
        return t;
    }

    private void put(String key, long bytes, double seconds) {
        curves.computeIfAbsent(key, k -> new TreeMap<>()).put(bytes, seconds);
    }

    public boolean isEmpty() {
        return curves.isEmpty();
    }

    /** The Model table lines, one per key. */
    public String lines() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "Model table members=%d%n", members));
        for (var e : curves.entrySet()) {
            b.append("Model table ").append(e.getKey()).append('=');
            String sep = "";
            for (var p : e.getValue().entrySet()) {
                b.append(sep).append(p.getKey()).append(':').append(String.format(Locale.ROOT, "%.6g", p.getValue()));
                sep = ",";
            }
            b.append('\n');
        }
        return b.toString();
    }
}
