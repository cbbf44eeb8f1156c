package io.shmemtrace.bin2txt;

import io.shmemtrace.format.TraceState;
import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceHeader;
import io.shmemtrace.format.read.TraceRun;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.IntPredicate;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * The summary, streamed file by file (memory grows with PEs x functions, never with events): how each file
 * ended; for the job and for each PE shown, the application window (end of init to start of finalize) with
 * its SHMEM share, init and finalize apart, and calls, time and bytes per function; across PEs, per function,
 * min / median / max of the PEs' time and its imbalance, and the PEs with the most time in SHMEM; the PE x PE
 * bytes matrix (ByteMatrix). Per-PE sections: every PE up to 64, else those chosen with --pes.
 */
final class SummaryReport extends Report {
    static final int DETAIL_LIMIT = 64;
    private static final int FILES_LISTED = 20;
    private static final int TOP = 10;

    private final IntPredicate shownPes;
    private final ByteMatrix matrix;
    private final TreeMap<Integer, PeStats> detail = new TreeMap<>();
    private final PeStats job = new PeStats();
    private final List<PeStats> all = new ArrayList<>();
    private final List<String> fileLines = new ArrayList<>();
    private final Map<TraceState, Integer> ended = new EnumMap<>(TraceState.class);
    private int files;
    private int unlisted;
    private boolean listAllFiles;
    private PeStats.FileAccumulator current;
    /** The SHMEM functions the program imports that were not recorded (the tracer's list beside PE 0's trace). */
    private List<String> untraced = List.of();
    private final Supplier<RunFindings.View> findings;
    /** How times are written: 4 digits with a unit, or exact ns (--ns). */
    private final Durations t;
    /** Per trace file, its init on the run's time base: the run's window is on it. */
    private java.util.Map<java.nio.file.Path, io.shmemtrace.merged.merge.RunClock> clocks = java.util.Map.of();
    /** The PEs of each host, in the order the hosts come (the job section's hosts line). */
    private final Map<String, List<Integer>> pesByHost = new java.util.LinkedHashMap<>();
    private static final int HOSTS_LISTED = 8;

    /**
     * shownPes: the PEs to give sections of their own, or null for every PE of a run of up to 64; matrix: the
     * report that builds the PE x PE matrix (it sees the events too), printed at the end; findings: the findings'
     * text, the summary's first section; times: how times are written.
     */
    SummaryReport(PrintStream out, IntPredicate shownPes, ByteMatrix matrix, Supplier<RunFindings.View> findings,
            Durations times) {
        super(out);
        this.t = times;
        this.shownPes = shownPes;
        this.matrix = matrix;
        this.findings = findings;
    }

    @Override
    void begin(TraceRun run) {
        listAllFiles = run.inputs().size() <= DETAIL_LIMIT;
        clocks = RunTimeBase.clocks(run);
        untraced = RunFiles.untraced(run);
        for (TraceRun.Input in : run.inputs()) {
            pesByHost.computeIfAbsent(in.header().host(), k -> new ArrayList<>()).add(in.pe());
        }
        pesByHost.values().forEach(java.util.Collections::sort);
    }

    @Override
    void beginFile(TraceFile file) {
        current = new PeStats.FileAccumulator();
    }

    @Override
    void event(TraceEvent e) {
        current.add(e);
    }

    @Override
    void endFile(TraceFile file) {
        TraceHeader h = file.header();
        current.addProfile(file);
        PeStats pe = current.finish(h.pe(), file.unrecorded(),
                clocks.getOrDefault(file.path(), io.shmemtrace.merged.merge.RunClock.ZERO));
        files++;
        ended.merge(h.state(), 1, Integer::sum);
        String line = fileLine(file);
        if (listAllFiles || (h.state() != TraceState.FINALIZED && fileLines.size() < FILES_LISTED)) {
            fileLines.add(line);
        } else if (h.state() != TraceState.FINALIZED) {
            unlisted++;
        }
        job.add(pe);
        all.add(pe);
        if (shownPes == null ? listAllFiles : shownPes.test(h.pe())) {
            detail.merge(h.pe(), pe, (a, b) -> {
                a.add(b);
                return a;
            });
        }
    }

    private static String fileLine(TraceFile file) {
        TraceHeader h = file.header();
        String bytesPerEvent = file.eventsRead() == 0 ? "-"
                : String.format("%.2f", (double) file.payloadBytes() / file.eventsRead());
        if (h.profile()) {
            return String.format("  %s: PE %d of %d, %s, a profile: %d entries, %d events, %d bytes%s", file.path(), h.pe(),
                    h.npes(), ended(file), file.profile().size(), file.eventsRead(), file.size(),
                    h.droppedEvents() > 0 ? ", " + h.droppedEvents() + " events dropped" : "");
        }
        return String.format("  %s: PE %d of %d, %s, %d events, %s bytes/event%s", file.path(), h.pe(), h.npes(),
                ended(file), file.eventsRead(), bytesPerEvent,
                h.droppedEvents() > 0 ? ", " + h.droppedEvents() + " events dropped" : "");
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
        out.println("== findings");
        findings.get().text().lines().filter(l -> !l.isBlank()).forEach(out::println); // a section ends at its blank line
        out.println();
        out.println("== files");
        if (!listAllFiles) {
            StringBuilder s = new StringBuilder("  " + files + " traces:");
            ended.forEach((state, n) -> s.append(' ').append(n).append(' ').append(state.description()).append(','));
            s.setLength(s.length() - 1);
            out.println(s);
        }
        fileLines.forEach(out::println);
        if (unlisted > 0) out.println("  ... and " + unlisted + " more that did not finalize");
        if (!untraced.isEmpty()) {
            out.println();
            out.println("== not recorded");
            out.println("  the program imports " + untraced.size() + " OpenSHMEM function" + (untraced.size() == 1 ? "" : "s")
                    + " the tracer does not record (their calls count as computing): " + String.join(", ", untraced));
        }
        TopFunctions.print(out, job, all, t);
        detail.forEach((pe, stats) -> printStats("PE " + pe, stats, false));
        printStats("job (" + job.pes + " PEs)", job, true);
        out.println(hostsLine());
        if (all.size() > 1) {
            printAcrossPes();
            RegionsAcrossPes.print(out, job, all, t);
            printMostInShmem();
        }
        matrix.print(out);
    }

    /** "hosts: 2 (st-h0: PEs 0, 2; st-h1: PEs 1, 3)": where the PEs ran, by the hosts their traces name. */
    private String hostsLine() {
        StringBuilder s = new StringBuilder("  hosts: " + pesByHost.size() + " (");
        int listed = 0;
        for (Map.Entry<String, List<Integer>> h : pesByHost.entrySet()) {
            if (listed++ == HOSTS_LISTED) {
                s.append("; ... and ").append(pesByHost.size() - HOSTS_LISTED).append(" more");
                break;
            }
            if (listed > 1) s.append("; ");
            s.append(h.getKey()).append(": PE").append(h.getValue().size() == 1 ? " " : "s ")
                    .append(TraceRun.ranges(h.getValue()));
        }
        return s.append(')').toString();
    }

    private void printStats(String title, PeStats s, boolean summed) {
        out.println();
        out.println("== " + title);
        String shares = String.format("in SHMEM %s (%.1f%%), computing %s (%.1f%%)", t.text(s.windowShmemNs),
                s.windowShmemPercent(), t.text(Math.max(0, s.windowThreadNs - s.windowShmemNs)),
                s.windowThreadNs == 0 ? 0.0 : 100.0 - s.windowShmemPercent());
        if (summed) { // the run's window, then what every PE's own window holds, summed (PE-time)
            out.printf("application window %s (the run's: the last PE's end of shmem_init to the last PE's %s);"
                            + " summed over PEs' windows: %s of %s, %s%n", t.text(s.runWindowNs()),
                    s.finalized ? "start of shmem_finalize"
                            : (s.toExit ? "last call or exit" : "last call") + "; not every PE called shmem_finalize",
                    t.text(s.windowThreadNs), s.windowThreadNs != s.windowNs ? "thread-time" : "PE-time", shares);
        } else {
            boolean threaded = s.windowThreadNs != s.windowNs;
            out.printf("application window %s (end of shmem_init to %s): %s%s%n", t.text(s.windowNs),
                    s.finalized ? "start of shmem_finalize" : (s.toExit ? "exit" : "last call") + "; no shmem_finalize",
                    shares, threaded ? "; thread-time: " + t.text(s.windowThreadNs)
                            + ", the window times the threads that made calls" : "");
        }
        if (!summed && s.threads > 1) { // each thread against the window, so that none hides behind the others
            for (int i = 0; i < s.threadShmemNs.length; i++) {
                out.printf("  thread %d: in SHMEM %s (%.1f%% of the window)%n", i, t.text(s.threadShmemNs[i]),
                        s.windowNs == 0 ? 0.0 : Math.min(100.0, 100.0 * s.threadShmemNs[i] / s.windowNs));
            }
        }
        long span = s.shmemNs + s.burstNs;
        out.printf("%s; whole trace: in SHMEM %s (%.1f%%), in CPU bursts %s (%.1f%%), %d calls%n",
                summed ? String.format("shmem_init mean %s (max %s), shmem_finalize mean %s (max %s)",
                        t.text(s.initNs / Math.max(1, s.pes)), t.cell(s.maxInitNs),
                        t.text(s.finalizeNs / Math.max(1, s.pes)), t.cell(s.maxFinalizeNs))
                        : String.format("shmem_init %s, shmem_finalize %s", t.text(s.initNs), t.text(s.finalizeNs)),
                t.text(s.shmemNs), percent(s.shmemNs, span), t.text(s.burstNs), percent(s.burstNs, span), s.events);
        if (s.nbiInFlightNs > 0) { // what computation hid of the _nbi transfers, not only what it did not
            out.printf("_nbi transfers: in flight %s (post to completion), %s of it in the calls that completed"
                    + " them: %.1f%% hidden by computation%n", t.text(s.nbiInFlightNs), t.text(s.nbiExposedNs),
                    100.0 - percent(s.nbiExposedNs, s.nbiInFlightNs));
        }
        out.printf("  %-36s %10s %14s %12s %12s %12s %14s%n", "function", "calls", t.column("total"),
                t.column("min"), t.column("mean"), t.column("max"), "bytes");
        s.byFunction.entrySet().stream().sorted(mostTimeFirst(e -> e.getValue().totalNs, Map.Entry::getKey)).forEach(e -> {
            CallStats c = e.getValue();
            out.printf("  %-36s %10d %14s %12s %12s %12s %14d%n", e.getKey(), c.calls, t.cell(c.totalNs),
                    t.cell(c.minNs), t.cell(c.totalNs / c.calls), t.cell(c.maxNs), c.bytes);
        });
        printRegions(s.regions, summed);
        if (!s.unrecorded.isEmpty()) {
            out.printf("  calls counted, not recorded%s:%n", summed ? " summed over PEs" : "");
            out.printf("  %-36s %10s %14s%n", "function", "paused", "excluded");
            s.unrecorded.forEach((f, c) -> out.printf("  %-36s %10d %14d%n", f, c[0], c[1]));
        }
    }

    /** The program's regions (time from begin to end; summed over PEs and entries) and marks. */
    private void printRegions(RegionStats r, boolean summed) {
        if (r.isEmpty()) return;
        if (!r.regions.isEmpty()) {
            out.printf("  regions%s:%n", summed ? " summed over PEs" : "");
            out.printf("  %-36s %10s %14s %12s %14s %8s%n", "region", "entered", t.column("total"), t.column("mean"),
                    t.column("in_shmem"), "shmem");
            r.regions.entrySet().stream().sorted(mostTimeFirst(e -> e.getValue().totalNs, Map.Entry::getKey))
                    .forEach(e -> {
                        RegionStats.Region g = e.getValue();
                        out.printf("  %-36s %10d %14s %12s %14s %7.1f%%%n", e.getKey(), g.count, t.cell(g.totalNs),
                                t.cell(g.totalNs / Math.max(1, g.count)), t.cell(g.shmemNs), g.shmemPercent());
                    });
        }
        if (!r.marks.isEmpty()) {
            StringBuilder s = new StringBuilder("  marks:");
            r.marks.forEach((name, n) -> s.append(' ').append(name).append(" x").append(n).append(','));
            s.setLength(s.length() - 1);
            out.println(s);
        }
    }

    /** Per function: the spread of its time over the PEs, and IPM's imbalance (max - mean) / max. */
    private void printAcrossPes() {
        out.println();
        out.println("== per function across PEs (time per PE; imbalance = (max - mean) / max)");
        out.printf("  %-36s %6s %14s %12s %12s %12s %12s %9s%n", "function", "PEs", "calls", t.column("min"),
                t.column("median"), t.column("max"), "max_pe", "imbalance");
        List<Imbalance> rows = new ArrayList<>(Imbalance.of(job, all));
        rows.sort(mostTimeFirst(Imbalance::maxNs, Imbalance::function));
        for (Imbalance r : rows) {
            out.printf("  %-36s %6d %14d %12s %12s %12s %12d %8.1f%%%n", r.function(), r.pes(), r.calls(),
                    t.cell(r.minNs()), t.cell(r.medianNs()), t.cell(r.maxNs()), r.maxPe(), 100.0 * r.imbalance());
        }
    }

    private void printMostInShmem() {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) order.add(i);
        order.sort(Comparator.comparingDouble((Integer i) -> -all.get(i).windowShmemPercent()).thenComparing(i -> i));
        out.println();
        out.println("== the " + Math.min(TOP, order.size()) + " PEs with the largest SHMEM share of their application"
                + " window (job: " + String.format("%.1f%%", job.windowShmemPercent()) + ")");
        out.printf("  %6s %14s %14s %8s%n", "pe", t.column("window"), t.column("in_shmem"), "shmem");
        for (int i : order.subList(0, Math.min(TOP, order.size()))) {
            PeStats p = all.get(i);
            out.printf("  %6d %14s %14s %7.1f%%%n", p.pe, t.cell(p.windowNs), t.cell(p.windowShmemNs),
                    p.windowShmemPercent());
        }
    }

    /** A table's rows, the most time first (as mpiP sorts), then by name. */
    private static <T> Comparator<T> mostTimeFirst(ToLongFunction<T> ns, Function<T, String> name) {
        return Comparator.comparingLong((T row) -> -ns.applyAsLong(row)).thenComparing(name);
    }

    private static double percent(long part, long whole) {
        return whole == 0 ? 0.0 : 100.0 * part / whole;
    }
}
