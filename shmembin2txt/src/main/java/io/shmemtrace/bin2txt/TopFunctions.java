package io.shmemtrace.bin2txt;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The summary's first table, as mpiP's "Aggregate Time": the functions that cost most, each one's share of the
 * application window's PE-time (mpiP's App%) and of the time in SHMEM (SHMEM%), and its spread over the PEs (COV,
 * the standard deviation of the PEs' times over their mean: 0 when every PE spends the same). shmem_init and
 * shmem_finalize lie outside the window and are left out.
 */
final class TopFunctions {
    static final int ROWS = 20;

    private record Row(String function, long calls, long totalNs, double app, double shmem, double cov) {}

    private TopFunctions() {}

    static void print(PrintStream out, PeStats job, List<PeStats> all, Durations t) {
        List<Row> rows = new ArrayList<>();
        job.byFunction.forEach((f, c) -> {
            if (job.bracketing.contains(f) || c.totalNs == 0) return;
            rows.add(new Row(f, c.calls, c.totalNs, share(c.totalNs, job.windowThreadNs),
                    share(c.totalNs, job.windowShmemNs), cov(f, all)));
        });
        if (rows.isEmpty()) return;
        rows.sort(Comparator.comparingLong((Row r) -> -r.totalNs).thenComparing(Row::function));
        out.println();
        out.println("== top functions by time in the application window (App%: of its PE-time; SHMEM%: of the time in"
                + " SHMEM; COV: spread over the PEs, stddev / mean)");
        out.printf("  %-36s %12s %12s %12s %7s %7s %6s%n", "function", "calls", t.column("time"),
                t.column("per_call"), "App%", "SHMEM%", "COV");
        for (Row r : rows.subList(0, Math.min(ROWS, rows.size()))) {
            out.printf(Locale.ROOT, "  %-36s %12d %12s %12s %7.2f %7.2f %6s%n", r.function, r.calls,
                    t.cell(r.totalNs), t.cell(r.totalNs / r.calls), r.app, r.shmem,
                    Double.isNaN(r.cov) ? "-" : String.format(Locale.ROOT, "%.2f", r.cov));
        }
        if (rows.size() > ROWS) out.println("  ... and " + (rows.size() - ROWS) + " more (the job's table has them all)");
    }

    /** part of whole in per cent, at most 100 (a call may reach past the window's end). */
    private static double share(long part, long whole) {
        return whole <= 0 ? 0.0 : Math.min(100.0, 100.0 * part / whole);
    }

    /** The coefficient of variation of function f's time over the PEs (NaN for one PE). */
    private static double cov(String f, List<PeStats> all) {
        if (all.size() < 2) return Double.NaN;
        double sum = 0, squares = 0;
        for (PeStats p : all) {
            CallStats c = p.byFunction.get(f);
            double t = c == null ? 0 : c.totalNs;
            sum += t;
            squares += t * t;
        }
        double mean = sum / all.size();
        double variance = Math.max(0, squares / all.size() - mean * mean);
        return mean == 0 ? 0 : Math.sqrt(variance) / mean;
    }
}
