package io.shmemtrace.bin2txt;

import io.shmemtrace.io.OutputFiles;
import io.shmemtrace.format.Operation;
import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceHeader;
import io.shmemtrace.format.read.TraceRun;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.function.Supplier;

/**
 * --html FILE: one self-contained page (styles, the scripts and the pictures inline; nothing fetched). First a
 * banner when part of the run is missing (crashed or capped PEs, calls not recorded, absent PEs); the job's facts
 * (run, start date, PEs per host, the tracer's settings); time in SHMEM and computing per PE (sorted bars, binned
 * past 1,024 PEs) naming the slowest PEs; the imbalance across PEs per function; calls, time and bytes per function;
 * message sizes per operation; the PE x PE bytes heatmap and the time-binned SHMEM share per PE (Darshan's view),
 * both with axes and scale ({@link MatrixImage}); the timeline of the PEs that matter ({@link Timeline}); the wait
 * states. Streams file by file like the summary; only the timeline's lanes are read again.
 */
final class HtmlReport extends Report {
    static final int HEATMAP_LIMIT = 256;
    private static final int SIZE_BINS = 63; /* log2 bins of a positive long: the largest event of any size */

    private final Path file;
    private final ByteMatrix heatmap;
    /** Calls per call site, when the traces have them (fed before this report: it comes first in the list). */
    private final CallSiteReport sites;
    private final IntPredicate lanePes;
    private final TimeWindow window; // seconds after the earliest init, or null: the application window
    private final Supplier<String> waitStates;
    /** The findings (shmemtrace findings): first on the page, after what is missing. */
    private final Supplier<RunFindings.View> findings;
    private final PeStats job = new PeStats();
    private final List<long[]> perPe = new ArrayList<>(); // pe, windowNs, windowShmemNs, windowThreadNs
    private final List<PeStats> all = new ArrayList<>();
    private final Map<Operation, long[]> sizes = new EnumMap<>(Operation.class);
    /** Host -> PEs there, in order of first appearance. */
    private final Map<String, Integer> hosts = new java.util.LinkedHashMap<>();
    /** What is missing from the traces, one line each: crashed, capped, dropped (the page's banner). */
    private final List<String> missing = new ArrayList<>();
    private TraceRun run;
    private TraceHeader firstHeader;
    private TimeBins timeBins;
    private String runId = "";
    private int npes;
    /** Each file's init on the run's one time base (the CSV's: HeaderClocks, across hosts too), ns. */
    private Map<Path, io.shmemtrace.merged.merge.RunClock> clocks = Map.of();
    private long earliestRealNs = Long.MAX_VALUE;
    private io.shmemtrace.merged.merge.RunClock fileClock = io.shmemtrace.merged.merge.RunClock.ZERO;
    private int filePe;
    private PeStats.FileAccumulator current;
    /**
     * The timeline's lanes drawn in this pass, in the order their files come, where the lanes are known before it
     * (every PE a lane, or --pes): null where their files are read again at the end. At 64 PEs this saved a second
     * read of the whole run (--html of 64 x 200,000 events: 3.35-3.50 s against 3.65-3.75).
     */
    private List<Timeline.Lane> lanesDrawn;
    /** How many lanes the pass draws for (its boxes per lane follow), and the one the file being read draws. */
    private int lanesExpected;
    private Timeline.Lane lane;

    /**
     * lanePes: the PEs of the timeline (null: the first 64); window: its span in seconds from the earliest PE's
     * init (null: the application window); waitStates (HTML), findings: computed at the end.
     */
    HtmlReport(Path file, ByteMatrix heatmap, CallSiteReport sites, IntPredicate lanePes, TimeWindow window,
               Supplier<String> waitStates, Supplier<RunFindings.View> findings) {
        super(new PrintStream(java.io.OutputStream.nullOutputStream()));
        this.file = file;
        this.heatmap = heatmap;
        this.sites = sites;
        this.lanePes = lanePes;
        this.window = window;
        this.waitStates = waitStates;
        this.findings = findings;
    }

    @Override
    void begin(TraceRun run) {
        this.run = run;
        npes = Math.max(run.npes(), run.inputs().stream().mapToInt(TraceRun.Input::pe).max().orElse(-1) + 1);
        runId = run.runId() == null ? "" : run.runId();
        for (TraceRun.Input in : run.inputs()) {
            TraceHeader h = in.header();
            if (firstHeader == null) firstHeader = h;
            earliestRealNs = Math.min(earliestRealNs, h.initRealNs());
            hosts.merge(h.host(), 1, Integer::sum);
        }
        clocks = RunTimeBase.clocks(run);
        timeBins = new TimeBins(npes);
        List<String> untraced = RunFiles.untraced(run);
        if (!untraced.isEmpty()) {
            missing.add("the program imports " + untraced.size() + " OpenSHMEM function" + (untraced.size() == 1 ? "" : "s")
                    + " the tracer does not record (their calls count as computing): " + String.join(", ", untraced));
        }
        int absent = npes - run.inputs().size();
        if (absent > 0) missing.add(absent + " of " + npes + " PEs have no trace here");
        long candidates = run.inputs().stream().filter(in -> lanePes == null || lanePes.test(in.pe())).count();
        if (candidates <= Timeline.LANES) { // every candidate is a lane: draw them now
            lanesDrawn = new ArrayList<>();
            lanesExpected = (int) candidates;
        }
    }

    /** Whether the run is a profile (its first file says): a page of calls and bytes, no timeline, no wait states. */
    static boolean isProfile(TraceRun run) {
        return !run.inputs().isEmpty() && run.inputs().get(0).header().profile();
    }

    /** The timeline's span in ns from the earliest init: --window's, or null (the calls' span). */
    private long[] span() {
        return window == null ? null : new long[] {(long) (window.start() * 1e9), (long) (window.end() * 1e9)};
    }

    @Override
    void beginFile(TraceFile f) {
        current = new PeStats.FileAccumulator();
        filePe = f.header().pe();
        fileClock = clocks.getOrDefault(f.path(), io.shmemtrace.merged.merge.RunClock.ZERO);
        lane = lanesDrawn != null && (lanePes == null || lanePes.test(filePe))
                ? new Timeline.Lane(filePe, fileClock, span(), Timeline.perLane(lanesExpected)) : null;
    }

    @Override
    void event(TraceEvent e) {
        current.add(e);
        if (lane != null) lane.event(e);
        Operation op = e.def().operation();
        if (op.isRegion()) return; // the program's marks: drawn on the timeline, no call
        long bytes = e.bytes();
        if (bytes > 0 && e.def().elemSize() > 0) {
            sizes.computeIfAbsent(op, k -> new long[SIZE_BINS])[63 - Long.numberOfLeadingZeros(bytes)] += e.calls();
        }
        if (op == Operation.INIT || op == Operation.FINALIZE) return; // the library's start and end, not the run's
        long start = fileClock.at(e.startNs());
        timeBins.add(filePe, start, start + e.callsNs());
    }

    @Override
    void endFile(TraceFile f) {
        if (lane != null) {
            lane.finish();
            lanesDrawn.add(lane);
        }
        current.addProfile(f);
        for (var e : f.profile()) { // a profile's sizes: its histogram buckets (k: 2^(k-1) to 2^k - 1 bytes)
            if (e.def().operation().isRegion() || e.def().elemSize() == 0) continue;
            long[] bins = sizes.computeIfAbsent(e.def().operation(), k -> new long[SIZE_BINS]);
            for (int k = 1; k < e.histogram().length; k++) bins[Math.min(k - 1, SIZE_BINS - 1)] += e.histogram()[k];
        }
        PeStats p = current.finish(f.header().pe(), f.unrecorded(), fileClock);
        job.add(p);
        perPe.add(new long[] {p.pe, p.windowNs, p.windowShmemNs, p.windowThreadNs});
        all.add(p);
        TraceHeader h = f.header();
        if (h.state() != io.shmemtrace.format.TraceState.FINALIZED) missing.add("PE " + h.pe() + " " + h.state().description());
        if (h.capped()) missing.add("PE " + h.pe() + " reached SHMEMTRACE_MAX_BYTES: later calls were counted, not recorded");
        if (h.droppedEvents() > 0) missing.add("PE " + h.pe() + ": " + h.droppedEvents() + " calls not recorded");
        if (p.events == 0) missing.add("PE " + h.pe() + ": no call recorded");
    }

    @Override
    void end() {
        StringBuilder h = new StringBuilder(1 << 20);
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>shmemtrace: ")
                .append(PageAssets.esc(runId)).append("</title>\n<style>").append(PageAssets.STYLE).append("</style></head><body>\n");
        h.append("<h1>shmemtrace report</h1>\n");
        banner(h);
        h.append("<h2>Findings</h2>\n").append(findings.get().html());
        facts(h);
        PerPeBars.html(h, perPe);
        imbalance(h);
        functions(h);
        regions(h);
        callSites(h);
        histograms(h);
        heatmap(h);
        if (isProfile(run)) {
            h.append("<h2>Timeline</h2>\n<p id=\"no-timeline\">A profile (SHMEMTRACE_MODE=profile): calls, bytes and time per"
                    + " function and region, no timeline; so no time bins, timeline or wait states either.</p>\n");
        } else {
            timeBins(h);
            timeline(h);
            h.append("<h2>Wait states</h2>\n").append(waitStates.get());
        }
        h.append("<script>").append(PageAssets.SORT_SCRIPT).append(Timeline.SCRIPT).append("</script>\n</body></html>\n");
        try {
            OutputFiles.write(file, true, f -> Files.writeString(f, h, StandardCharsets.UTF_8)); // the tool checked --force
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Said first when the traces do not hold the whole run: crashed or capped PEs, calls not recorded, PEs absent. */
    private void banner(StringBuilder h) {
        if (missing.isEmpty()) return;
        h.append("<div class=\"banner\" id=\"missing-data\"><strong>Part of the run is missing:</strong> the figures below"
                + " count only what was recorded.<ul>");
        for (String m : missing.subList(0, Math.min(20, missing.size()))) h.append("<li>").append(PageAssets.esc(m)).append("</li>");
        if (missing.size() > 20) h.append("<li>and ").append(missing.size() - 20).append(" more</li>");
        h.append("</ul></div>\n");
    }

    private void facts(StringBuilder h) {
        h.append("<h2>Job</h2>\n<table class=\"facts\">");
        fact(h, "run", PageAssets.esc(runId), "run");
        String command = RunFiles.command(run);
        if (command != null) fact(h, "command (PE 0)", "<code>" + PageAssets.esc(command) + "</code>", "command");
        if (earliestRealNs != Long.MAX_VALUE) {
            fact(h, "started", java.time.Instant.ofEpochSecond(earliestRealNs / 1_000_000_000L).toString()
                    .replace('T', ' ').replace("Z", " UTC"), "date");
        }
        fact(h, "PEs", Integer.toString(npes), "pes");
        List<String> perHost = new ArrayList<>();
        hosts.forEach((host, pes) -> perHost.add(host + ": " + pes + " PE" + (pes == 1 ? "" : "s")));
        fact(h, "hosts", hosts.size() + " (" + PageAssets.esc(String.join(", ", perHost.stream().limit(8).toList()))
                + (hosts.size() > 8 ? ", ..." : "") + ")", "hosts");
        fact(h, "calls", Long.toString(job.events), "calls");
        fact(h, "application window (the last PE's end of shmem_init to the last PE's start of shmem_finalize)",
                seconds(job.runWindowNs()), "window");
        fact(h, "time in SHMEM in the window (all PEs)", String.format(Locale.ROOT, "%.1f %%", job.windowShmemPercent()),
                "shmem-share");
        fact(h, "shmem_init / shmem_finalize, longest", seconds(job.maxInitNs) + " / " + seconds(job.maxFinalizeNs),
                "init-finalize");
        if (firstHeader != null) {
            TraceHeader t = firstHeader;
            fact(h, "tracer", String.format(Locale.ROOT, "clock %s, %.1f ns per time unit, blocks of %d KiB, call sites %s",
                    t.clockSource() == io.shmemtrace.format.Layout.CLOCK_MONOTONIC ? "CLOCK_MONOTONIC" : "TSC",
                    (1L << t.tickShift()) * 1e9 / Math.max(1, t.tickHz()), t.blockSize() / 1024,
                    t.callsites() ? "on" : "off"), "tracer");
        }
        h.append("</table>\n");
    }

    private static void fact(StringBuilder h, String name, String value, String id) {
        h.append("<tr><th>").append(name).append("</th><td id=\"fact-").append(id).append("\">").append(value)
                .append("</td></tr>");
    }

    /** The summary's "across PEs" table: per function the spread of its time over the PEs, and the imbalance. */
    private void imbalance(StringBuilder h) {
        h.append("<h2>Imbalance across PEs</h2>\n<p>Per function, its time on each PE: min / median / max, the PE with the"
                + " most, and the imbalance (max - mean) / max.</p>\n<table id=\"imbalance\" class=\"sortable\"><thead><tr>"
                + "<th>function</th><th>PEs</th><th>calls</th><th>min (s)</th><th>median (s)</th><th>max (s)</th>"
                + "<th>max PE</th><th>imbalance</th></tr></thead><tbody>\n");
        for (Imbalance r : Imbalance.of(job, all)) {
            h.append("<tr data-function=\"").append(PageAssets.esc(r.function())).append("\"><td>").append(PageAssets.esc(r.function()))
                    .append(String.format(Locale.ROOT, "</td><td>%d</td><td>%d</td><td>%.6f</td><td>%.6f</td><td>%.6f</td>"
                            + "<td>%d</td><td>%.1f %%</td></tr>%n", r.pes(), r.calls(), r.minNs() / 1e9, r.medianNs() / 1e9,
                            r.maxNs() / 1e9, r.maxPe(), 100 * r.imbalance()));
        }
        h.append("</tbody></table>\n");
    }

    private void functions(StringBuilder h) {
        h.append("<h2>Calls per function</h2>\n<table id=\"functions\" class=\"sortable\"><thead><tr><th>function</th>"
                + "<th>calls</th><th>time (s)</th><th>mean (ns)</th><th>bytes</th></tr></thead><tbody>\n");
        job.byFunction.entrySet().stream().sorted(Map.Entry.<String, CallStats>comparingByValue(
                Comparator.comparingLong(c -> -c.totalNs))).forEach(e -> {
                    CallStats c = e.getValue();
                    h.append("<tr data-function=\"").append(PageAssets.esc(e.getKey())).append("\" data-calls=\"").append(c.calls)
                            .append("\" data-bytes=\"").append(c.bytes).append("\" data-ns=\"").append(c.totalNs)
                            .append("\"><td>").append(PageAssets.esc(e.getKey())).append("</td><td>").append(c.calls).append("</td><td>")
                            .append(String.format(Locale.ROOT, "%.6f", c.totalNs / 1e9)).append("</td><td>")
                            .append(c.calls == 0 ? 0 : c.totalNs / c.calls).append("</td><td>").append(c.bytes)
                            .append("</td></tr>\n");
                });
        h.append("</tbody></table>\n");
    }

    /** The program's regions (shmemtrace.h) summed over PEs, and the calls counted but not recorded (paused, excluded). */
    private void regions(StringBuilder h) {
        if (!job.regions.regions.isEmpty()) {
            h.append("<h2>Regions</h2>\n<p>The program's regions (shmemtrace.h), summed over PEs: the times one was entered,"
                    + " its time from begin to end and the time in SHMEM calls within it; drawn as spans on the timeline.</p>\n"
                    + "<table id=\"regions\" class=\"sortable\"><thead><tr><th>region</th><th>entered</th><th>time (s)</th>"
                    + "<th>in SHMEM (s)</th><th>SHMEM share</th></tr></thead><tbody>\n");
            job.regions.regions.forEach((name, r) -> h.append("<tr data-region=\"").append(PageAssets.esc(name))
                    .append("\"><td>").append(PageAssets.esc(name)).append("</td><td>").append(r.count)
                    .append(String.format(Locale.ROOT, "</td><td>%.6f</td><td>%.6f</td><td>%.1f %%</td></tr>%n",
                            r.totalNs / 1e9, r.shmemNs / 1e9, r.shmemPercent())));
            h.append("</tbody></table>\n");
        }
        if (!job.regions.marks.isEmpty()) {
            h.append("<p id=\"marks\">Marks: ");
            job.regions.marks.forEach((name, n) -> h.append(PageAssets.esc(name)).append(" &times;").append(n).append("; "));
            h.setLength(h.length() - 2);
            h.append("</p>\n");
        }
        if (!job.unrecorded.isEmpty()) {
            h.append("<h2>Calls counted, not recorded</h2>\n<p>Calls made while the program had paused the trace, or of"
                    + " functions SHMEMTRACE_EXCLUDE or SHMEMTRACE_INCLUDE left out, summed over PEs: counted, not timed (their"
                    + " time counts as computing above).</p>\n<table id=\"unrecorded\" class=\"sortable\"><thead><tr>"
                    + "<th>function</th><th>paused</th><th>excluded</th></tr></thead><tbody>\n");
            job.unrecorded.forEach((f, c) -> h.append("<tr data-function=\"").append(PageAssets.esc(f)).append("\"><td>")
                    .append(PageAssets.esc(f)).append("</td><td>").append(c[0]).append("</td><td>").append(c[1])
                    .append("</td></tr>\n"));
            h.append("</tbody></table>\n");
        }
    }

    /** The call sites with the most time, as in the summary (only for traces taken with SHMEMTRACE_CALLSITES). */
    private void callSites(StringBuilder h) {
        if (!sites.present()) return;
        List<CallSiteReport.Row> rows = sites.rows();
        h.append("<h2>Call sites</h2>\n<p>The ").append(Math.min(CallSiteReport.TOP, rows.size())).append(" of ")
                .append(rows.size()).append(" call sites with the most time in SHMEM, summed over PEs; a site is the"
                        + " caller's function@file:line.</p>\n<table id=\"callsites\" class=\"sortable\"><thead><tr>"
                        + "<th>function</th><th>site</th><th>calls</th><th>time (s)</th><th>mean (ns)</th><th>bytes</th>"
                        + "<th>PEs</th></tr></thead><tbody>\n");
        for (CallSiteReport.Row r : rows.subList(0, Math.min(CallSiteReport.TOP, rows.size()))) {
            CallStats c = r.stats();
            h.append("<tr data-site=\"").append(PageAssets.esc(r.site())).append("\" data-calls=\"").append(c.calls)
                    .append("\"><td>").append(PageAssets.esc(r.function())).append("</td><td>").append(PageAssets.esc(r.site()))
                    .append("</td><td>").append(c.calls).append("</td><td>")
                    .append(String.format(Locale.ROOT, "%.6f", c.totalNs / 1e9)).append("</td><td>")
                    .append(c.totalNs / c.calls).append("</td><td>").append(c.bytes).append("</td><td>").append(r.pes())
                    .append("</td></tr>\n");
        }
        h.append("</tbody></table>\n");
    }

    private void histograms(StringBuilder h) {
        h.append("<h2>Message sizes per operation</h2>\n<div class=\"small-multiples\">");
        for (Map.Entry<Operation, long[]> e : sizes.entrySet()) {
            long[] bins = e.getValue();
            int last = SIZE_BINS - 1;
            while (last > 0 && bins[last] == 0) last--;
            long max = 1;
            for (long v : bins) max = Math.max(max, v);
            int w = 280, height = 100;
            double bw = (double) w / (last + 1);
            h.append("<figure><figcaption>").append(e.getKey().name().toLowerCase(Locale.ROOT))
                    .append("</figcaption><svg width=\"").append(w).append("\" height=\"").append(height + 16).append("\">");
            for (int b = 0; b <= last; b++) {
                double bh = height * Math.log1p(bins[b]) / Math.log1p(max);
                h.append(String.format(Locale.ROOT, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\">"
                        + "<title>%s to %s bytes: %d calls</title></rect>", b * bw, height - bh, Math.max(1, bw - 1), bh,
                        human(1L << b), human((2L << b) - 1), bins[b]));
            }
            h.append("<text x=\"0\" y=\"").append(height + 14).append("\">1 B</text><text x=\"").append(w - 50).append("\" y=\"")
                    .append(height + 14).append("\">").append(human(1L << last)).append("</text></svg></figure>");
        }
        h.append("</div>\n");
    }

    /** The bytes matrix: one pixel a cell, log colour scale, axes and scale around it. */
    private void heatmap(StringBuilder h) {
        long[][] cells = heatmap.cells();
        List<String> labels = heatmap.labels();
        int n = labels.size();
        h.append("<h2>Bytes moved, ").append(heatmap.unit()).append(" x ").append(heatmap.unit()).append("</h2>\n");
        if (n == 0) {
            h.append("<p>No PE.</p>\n");
            return;
        }
        long max = 1, sum = 0;
        for (long[] row : cells) {
            for (long v : row) {
                max = Math.max(max, v);
                sum += v;
            }
        }
        if (heatmap.notRecorded() != null) {
            h.append("<p id=\"matrix-not-recorded\">The traffic between PEs is ").append(PageAssets.esc(
                    heatmap.notRecorded())).append(".</p>\n");
            if (sum == 0) return; // a profile alone: an empty matrix would say "none"
        }
        long min = max;
        for (long[] row : cells) for (long v : row) if (v > 0) min = Math.min(min, v);
        // values within 10x of one another (655,680 and 737,600 bytes) are told apart on a linear scale from the
        // least to the most; a log scale from 1 byte would draw them alike
        boolean linear = max < 10 * min && min < max;
        double[][] shade = new double[n][n];
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                long v = cells[r][c];
                shade[r][c] = v == 0 ? -1 : linear ? 0.2 + 0.8 * (v - min) / (double) (max - min)
                        : Math.log1p(v) / Math.log1p(max);
            }
        }
        int side = Math.min(480, Math.max(160, 40 * n));
        h.append("<p>Row: the calling ").append(heatmap.unit()).append(", column: the target; darker is more (")
                .append(linear ? "linear scale from the least to the most" : "log scale").append("), grey is none.</p>\n");
        h.append(MatrixImage.figure("heatmap", shade, 0x0000FF, side, side, "calling " + heatmap.unit(), labels.get(0),
                labels.get(n - 1), "target " + heatmap.unit(), labels.get(0), labels.get(n - 1),
                linear ? String.format(java.util.Locale.ROOT, "%,d bytes", min) : "1 byte",
                String.format(java.util.Locale.ROOT, "%,d bytes", max)));
    }

    /** Darshan's view: each PE's (row of PEs') share of time in SHMEM over the run, in time bins. */
    private void timeBins(StringBuilder h) {
        int rows = timeBins.rows();
        int[] used = timeBins.usedBins();
        h.append("<h2>Time in SHMEM over the run</h2>\n");
        if (used[1] == used[0]) {
            h.append("<p>No call between init and finalize.</p>\n");
            return;
        }
        double[][] share = new double[rows][used[1] - used[0]];
        for (int r = 0; r < rows; r++) for (int b = used[0]; b < used[1]; b++) share[r][b - used[0]] = timeBins.share(r, b);
        long from = timeBins.originNs() + used[0] * timeBins.binNs(), to = timeBins.originNs() + used[1] * timeBins.binNs();
        h.append("<p>A row per ").append(rows == npes ? "PE" : "group of PEs").append(", a column per ")
                .append(seconds(timeBins.binNs())).append(" (time from the earliest PE's init; init and finalize left out):"
                        + " the share of the time spent in SHMEM calls.</p>\n");
        h.append(MatrixImage.figure("time-bins", share, 0xD95F02, 768, Math.min(512, Math.max(96, 4 * rows)), "PE",
                "PE " + timeBins.firstPe(0), "PE " + timeBins.lastPe(rows - 1), "time", seconds(from), seconds(to),
                "0 %", "100 %"));
    }

    /** The timeline's lanes: --pes's PEs, else those with the most SHMEM time in their window, most first. */
    private void timeline(StringBuilder h) {
        List<long[]> order = new ArrayList<>(perPe);
        String why;
        if (lanePes != null) {
            order.removeIf(p -> !lanePes.test((int) p[0]));
            order.sort(Comparator.comparingLong(p -> p[0]));
            why = "the PEs of --pes";
        } else {
            order.sort(Comparator.comparingLong((long[] p) -> -p[2]).thenComparingLong(p -> p[0]));
            why = order.size() > Timeline.LANES ? "the " + Timeline.LANES + " with the most time in SHMEM, most first"
                    : "most time in SHMEM first";
        }
        List<Integer> lanes = order.stream().limit(Timeline.LANES).map(p -> (int) p[0]).toList();
        // Drawn in the pass if it drew for as many lanes as there are (a file it could not read leaves one fewer:
        // the lanes' boxes then differ, and their files are read again).
        if (lanesDrawn != null && lanes.size() == lanesExpected) {
            h.append(Timeline.html(lanesDrawn, lanes, why, span()));
        } else {
            h.append(Timeline.html(run, lanes, why, clocks, span()));
        }
    }

    static String seconds(long ns) {
        return String.format(Locale.ROOT, "%.6f s", ns / 1e9);
    }

    private static String human(long bytes) {
        if (bytes >= 1L << 30) return (bytes >> 30) + " GiB";
        if (bytes >= 1L << 20) return (bytes >> 20) + " MiB";
        if (bytes >= 1L << 10) return (bytes >> 10) + " KiB";
        return bytes + " B";
    }



}
