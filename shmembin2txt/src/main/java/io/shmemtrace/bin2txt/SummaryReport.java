package io.shmemtrace.bin2txt;

import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceHeader;
import io.shmemtrace.format.TraceState;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Per PE and for the job: calls, time and bytes per function; time in SHMEM vs CPU bursts; the PE x PE
 * matrix of bytes moved (row: the PE that made the call, column: its target PE); and how each file ended.
 */
final class SummaryReport extends Report {
    private final TreeMap<Integer, PeStats> perPe = new TreeMap<>();
    private final TreeMap<Integer, TreeMap<Integer, Long>> matrix = new TreeMap<>();
    private final List<String> files = new ArrayList<>();
    private PeStats current;
    private int npes;
    private int maxTarget = -1;

    SummaryReport(PrintStream out) {
        super(out);
    }

    @Override
    void beginFile(TraceFile file) {
        current = perPe.computeIfAbsent(file.header().pe(), pe -> new PeStats());
        npes = Math.max(npes, file.header().npes());
    }

    @Override
    void event(TraceEvent e) {
        long bytes = e.bytes();
        current.add(e.name(), e.durationNs(), e.burstNs(), bytes);
        int target = e.targetPe();
        if (target >= 0 && e.def().elemSize() > 0) {
            matrix.computeIfAbsent(e.pe(), pe -> new TreeMap<>()).merge(target, bytes, Long::sum);
            maxTarget = Math.max(maxTarget, target);
        }
    }

    @Override
    void endFile(TraceFile file) {
        TraceHeader h = file.header();
        String bytesPerEvent = file.eventsRead() == 0 ? "-"
                : String.format("%.2f", (double) file.payloadBytes() / file.eventsRead());
        files.add(String.format("  %s: PE %d of %d, %s, %d events, %s bytes/event%s", file.path(), h.pe(), h.npes(),
                ended(file), file.eventsRead(), bytesPerEvent,
                h.droppedEvents() > 0 ? ", " + h.droppedEvents() + " events dropped" : ""));
    }

    /** How the PE ended; a PE that never finished ends, as far as we know, at its last recorded event. */
    private static String ended(TraceFile file) {
        TraceHeader h = file.header();
        if (h.state() != TraceState.RUNNING) return h.state().description();
        return file.eventsRead() == 0 ? "crashed or killed before its first event"
                : "crashed or killed at last event time " + ListingReport.micros(file.time().toNs(file.lastEndUnits()))
                        + " us";
    }

    @Override
    void end() {
        out.println("== files");
        files.forEach(out::println);
        PeStats job = new PeStats();
        for (Map.Entry<Integer, PeStats> pe : perPe.entrySet()) {
            printStats("PE " + pe.getKey(), pe.getValue());
            job.add(pe.getValue());
        }
        printStats("job (" + perPe.size() + " PEs)", job);
        printMatrix();
    }

    private void printStats(String title, PeStats s) {
        out.println();
        out.println("== " + title);
        long span = s.shmemNs + s.burstNs;
        out.printf("time in SHMEM %d ns (%.1f%%), in CPU bursts %d ns (%.1f%%), %d calls%n", s.shmemNs,
                percent(s.shmemNs, span), s.burstNs, percent(s.burstNs, span), s.events);
        out.printf("  %-36s %10s %14s %12s %12s %12s %14s%n", "function", "calls", "total_ns", "min_ns", "mean_ns",
                "max_ns", "bytes");
        s.byFunction.forEach((f, c) -> out.printf("  %-36s %10d %14d %12d %12d %12d %14d%n", f, c.calls, c.totalNs,
                c.minNs, c.totalNs / c.calls, c.maxNs, c.bytes));
    }

    private void printMatrix() {
        out.println();
        out.println("== bytes moved, PE x PE (row: calling PE, column: target PE)");
        int n = Math.max(Math.max(npes, maxTarget + 1), perPe.isEmpty() ? 0 : perPe.lastKey() + 1);
        StringBuilder head = new StringBuilder(String.format("  %6s", "from\\to"));
        for (int c = 0; c < n; c++) head.append(String.format(" %12d", c));
        out.println(head);
        for (int r = 0; r < n; r++) {
            StringBuilder row = new StringBuilder(String.format("  %6d", r));
            TreeMap<Integer, Long> cells = matrix.getOrDefault(r, new TreeMap<>());
            for (int c = 0; c < n; c++) row.append(String.format(" %12d", cells.getOrDefault(c, 0L)));
            out.println(row);
        }
    }

    private static double percent(long part, long whole) {
        return whole == 0 ? 0.0 : 100.0 * part / whole;
    }
}
