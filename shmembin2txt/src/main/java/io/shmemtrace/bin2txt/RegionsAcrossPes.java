package io.shmemtrace.bin2txt;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * Per region, its time on each PE side by side: the least, the mean and the most, the PE of the most, and IPM's
 * imbalance (max - mean) / max, with the share of the region's time spent in SHMEM: which phase is slow on which
 * PE, without the per-PE sections or a pivot of the CSV.
 */
final class RegionsAcrossPes {
    private RegionsAcrossPes() {}

    static void print(PrintStream out, PeStats job, List<PeStats> all, Durations t) {
        if (job.regions.regions.isEmpty()) return;
        out.println();
        out.println("== regions across PEs (time per PE; imbalance = (max - mean) / max)");
        out.printf("  %-36s %6s %12s %12s %12s %8s %9s %7s%n", "region", "PEs", t.column("min"), t.column("mean"),
                t.column("max"), "max_pe", "imbalance", "shmem");
        job.regions.regions.forEach((name, total) -> {
            Imbalance.Spread s = Imbalance.Spread.of(all, p -> {
                RegionStats.Region r = p.regions.regions.get(name);
                return r == null ? -1 : r.totalNs;
            });
            out.printf(Locale.ROOT, "  %-36s %6d %12s %12s %12s %8d %8.1f%% %6.1f%%%n", name, s.pes(),
                    t.cell(s.min()), t.cell(Math.round(s.mean())), t.cell(s.max()), s.maxPe(),
                    100.0 * s.imbalance(), total.shmemPercent());
        });
    }
}
