package io.shmemtrace.bin2txt;

import io.shmemtrace.cli.OutputFiles;
import io.shmemtrace.format.Operation;
import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceRun;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.function.Supplier;
import javax.imageio.ImageIO;

/**
 * --html FILE: one self-contained page (styles, the one script and the pictures inline; nothing fetched):
 * job facts; time in SHMEM and computing per PE over the application window (sorted stacked bars, binned past
 * 1,024 PEs); calls, time and bytes per function; message sizes per operation; the PE x PE bytes heatmap
 * (aggregated past 256 PEs, a PNG); a timeline of a window (one lane per PE shown, events coloured by operation,
 * CPU bursts blank); the wait states. Pictures are SVG written here. Streams file by file like the summary.
 */
final class HtmlReport extends Report {
    static final int BAR_LIMIT = 1024;
    static final int HEATMAP_LIMIT = 256;
    private static final int LANES = 64;
    private static final int EVENTS_DRAWN = 40_000;
    private static final int SIZE_BINS = 41;

    private final Path file;
    private final ByteMatrix heatmap;
    /** Calls per call site, when the traces have them (fed before this report: it comes first in the list). */
    private final CallSiteReport sites;
    private final IntPredicate lanePes;
    private final TimeWindow window; // seconds after the earliest init, or null: the application window
    private final Supplier<String> waitStates;
    private final PeStats job = new PeStats();
    private final List<long[]> perPe = new ArrayList<>(); // pe, windowNs, windowShmemNs
    private final Map<Operation, long[]> sizes = new EnumMap<>(Operation.class);
    private final List<long[]> drawn = new ArrayList<>(); // lane pe, start ns, end ns, operation ordinal
    private final Set<String> hosts = new LinkedHashSet<>();
    private String runId = "";
    private int npes;
    private long baseMonoNs = Long.MAX_VALUE;
    private long fileBaseNs;
    private int filePe;
    private boolean lane;
    private int lanesSeen;
    private long notDrawn;
    private long windowStartNs = Long.MAX_VALUE;
    private long windowEndNs = Long.MIN_VALUE;
    private PeStats.FileAccumulator current;

    /**
     * lanePes: the PEs of the timeline (null: the first 64); window: its span in seconds from the earliest PE's
     * init (null: the application window); waitStates: the wait-state text, computed at the end.
     */
    HtmlReport(Path file, ByteMatrix heatmap, CallSiteReport sites, IntPredicate lanePes, TimeWindow window,
               Supplier<String> waitStates) {
        super(new PrintStream(java.io.OutputStream.nullOutputStream()));
        this.file = file;
        this.heatmap = heatmap;
        this.sites = sites;
        this.lanePes = lanePes != null ? lanePes : pe -> pe < LANES;
        this.window = window;
        this.waitStates = waitStates;
    }

    @Override
    void begin(TraceRun run) {
        npes = Math.max(run.npes(), run.inputs().stream().mapToInt(TraceRun.Input::pe).max().orElse(-1) + 1);
        runId = run.runId() == null ? "" : run.runId();
        for (TraceRun.Input in : run.inputs()) {
            baseMonoNs = Math.min(baseMonoNs, in.header().initMonoNs());
            hosts.add(in.header().host());
        }
    }

    @Override
    void beginFile(TraceFile f) {
        current = new PeStats.FileAccumulator();
        filePe = f.header().pe();
        fileBaseNs = f.header().initMonoNs() - baseMonoNs;
        lane = lanePes.test(filePe) && lanesSeen < LANES;
    }

    @Override
    void event(TraceEvent e) {
        current.add(e);
        Operation op = e.def().operation();
        long bytes = e.bytes();
        if (bytes > 0 && e.def().elemSize() > 0) {
            sizes.computeIfAbsent(op, k -> new long[SIZE_BINS])[63 - Long.numberOfLeadingZeros(bytes)] += e.calls();
        }
        if (!lane || op == Operation.INIT || op == Operation.FINALIZE) return;
        long start = fileBaseNs + e.startNs();
        long end = fileBaseNs + e.endNs();
        if (window != null && (end < window.start() * 1e9 || start > window.end() * 1e9)) return;
        windowStartNs = Math.min(windowStartNs, start);
        windowEndNs = Math.max(windowEndNs, end);
        if (drawn.size() >= EVENTS_DRAWN) {
            notDrawn++;
            return;
        }
        drawn.add(new long[] {filePe, start, end, op.ordinal()});
    }

    @Override
    void endFile(TraceFile f) {
        PeStats p = current.finish(f.header().pe());
        job.add(p);
        perPe.add(new long[] {p.pe, p.windowNs, p.windowShmemNs});
        if (lane) lanesSeen++;
    }

    @Override
    void end() {
        StringBuilder h = new StringBuilder(1 << 20);
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>shmemtrace: ")
                .append(esc(runId)).append("</title>\n<style>").append(STYLE).append("</style></head><body>\n");
        h.append("<h1>shmemtrace report</h1>\n");
        facts(h);
        bars(h);
        functions(h);
        callSites(h);
        histograms(h);
        heatmap(h);
        timeline(h);
        h.append("<h2>Wait states</h2>\n<pre id=\"wait-states\">").append(esc(waitStates.get())).append("</pre>\n");
        h.append("<script>").append(SCRIPT).append("</script>\n</body></html>\n");
        try {
            OutputFiles.write(file, true, f -> Files.writeString(f, h, StandardCharsets.UTF_8)); // the tool checked --force
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void facts(StringBuilder h) {
        long windowNs = perPe.stream().mapToLong(p -> p[1]).max().orElse(0);
        h.append("<h2>Job</h2>\n<table class=\"facts\">");
        fact(h, "run", esc(runId), "run");
        fact(h, "PEs", Integer.toString(npes), "pes");
        fact(h, "hosts", hosts.size() + " (" + esc(String.join(", ", hosts.stream().limit(8).toList()))
                + (hosts.size() > 8 ? ", ..." : "") + ")", "hosts");
        fact(h, "calls", Long.toString(job.events), "calls");
        fact(h, "application window (longest PE)", seconds(windowNs), "window");
        fact(h, "time in SHMEM in the window (all PEs)", String.format(Locale.ROOT, "%.1f %%", job.windowShmemPercent()),
                "shmem-share");
        fact(h, "shmem_init / shmem_finalize, longest", seconds(job.maxInitNs) + " / " + seconds(job.maxFinalizeNs),
                "init-finalize");
        h.append("</table>\n");
    }

    private static void fact(StringBuilder h, String name, String value, String id) {
        h.append("<tr><th>").append(name).append("</th><td id=\"fact-").append(id).append("\">").append(value)
                .append("</td></tr>");
    }

    /** SHMEM and computing per PE over its window, PEs sorted by SHMEM share, binned past BAR_LIMIT. */
    private void bars(StringBuilder h) {
        List<long[]> sorted = new ArrayList<>(perPe);
        sorted.sort(Comparator.comparingDouble((long[] p) -> p[1] == 0 ? 0 : (double) p[2] / p[1]).reversed());
        int bins = Math.min(sorted.size(), BAR_LIMIT);
        h.append("<h2>Time in SHMEM and computing, per PE</h2>\n<p>The application window of each PE (end of shmem_init"
                + " to start of shmem_finalize), PEs sorted by their SHMEM share");
        if (sorted.size() > BAR_LIMIT) h.append(", averaged over bins of ").append((sorted.size() + bins - 1) / bins).append(" PEs");
        h.append(".</p>\n");
        int w = 900, height = 160;
        double bw = (double) w / Math.max(1, bins);
        h.append("<svg class=\"chart\" width=\"").append(w + 60).append("\" height=\"").append(height + 30)
                .append("\" role=\"img\"><g transform=\"translate(50,5)\">");
        for (int b = 0; b < bins; b++) {
            int from = (int) ((long) b * sorted.size() / bins), to = (int) ((long) (b + 1) * sorted.size() / bins);
            double win = 0, shm = 0;
            for (int i = from; i < to; i++) {
                win += sorted.get(i)[1];
                shm += Math.min(sorted.get(i)[2], sorted.get(i)[1]);
            }
            double share = win == 0 ? 0 : shm / win;
            double x = b * bw;
            String label = to - from == 1 ? "PE " + sorted.get(from)[0] : "PEs " + (to - from) + " (bin " + b + ")";
            h.append(String.format(Locale.ROOT, "<rect class=\"compute\" x=\"%.2f\" y=\"0\" width=\"%.2f\" height=\"%.1f\"/>",
                    x, bw, height * (1 - share)));
            h.append(String.format(Locale.ROOT, "<rect class=\"shmem\" x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\">"
                    + "<title>%s: %.1f %% in SHMEM</title></rect>", x, height * (1 - share), bw, height * share, label,
                    100 * share));
        }
        h.append("<text x=\"-45\" y=\"10\">100 %</text><text x=\"-30\" y=\"").append(height).append("\">0 %</text>")
                .append("</g></svg>\n<p class=\"legend\"><span class=\"shmem\">&#9632;</span> in SHMEM "
                        + "<span class=\"compute\">&#9632;</span> computing</p>\n");
    }

    private void functions(StringBuilder h) {
        h.append("<h2>Calls per function</h2>\n<table id=\"functions\" class=\"sortable\"><thead><tr><th>function</th>"
                + "<th>calls</th><th>time (s)</th><th>mean (ns)</th><th>bytes</th></tr></thead><tbody>\n");
        job.byFunction.entrySet().stream().sorted(Map.Entry.<String, CallStats>comparingByValue(
                Comparator.comparingLong(c -> -c.totalNs))).forEach(e -> {
                    CallStats c = e.getValue();
                    h.append("<tr data-function=\"").append(esc(e.getKey())).append("\" data-calls=\"").append(c.calls)
                            .append("\" data-bytes=\"").append(c.bytes).append("\" data-ns=\"").append(c.totalNs)
                            .append("\"><td>").append(esc(e.getKey())).append("</td><td>").append(c.calls).append("</td><td>")
                            .append(String.format(Locale.ROOT, "%.6f", c.totalNs / 1e9)).append("</td><td>")
                            .append(c.calls == 0 ? 0 : c.totalNs / c.calls).append("</td><td>").append(c.bytes)
                            .append("</td></tr>\n");
                });
        h.append("</tbody></table>\n");
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
            h.append("<tr data-site=\"").append(esc(r.site())).append("\" data-calls=\"").append(c.calls)
                    .append("\"><td>").append(esc(r.function())).append("</td><td>").append(esc(r.site()))
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

    /** The bytes matrix as a PNG (one pixel a cell, log colour scale), drawn large and crisp by the page. */
    private void heatmap(StringBuilder h) {
        long[][] cells = heatmap.cells();
        List<String> labels = heatmap.labels();
        int n = labels.size();
        h.append("<h2>Bytes moved, ").append(heatmap.unit()).append(" x ").append(heatmap.unit()).append("</h2>\n");
        if (n == 0) {
            h.append("<p>No PE.</p>\n");
            return;
        }
        long max = 1;
        for (long[] row : cells) for (long v : row) max = Math.max(max, v);
        BufferedImage img = new BufferedImage(n, n, BufferedImage.TYPE_INT_RGB);
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                double t = cells[r][c] == 0 ? 0 : Math.log1p(cells[r][c]) / Math.log1p(max);
                int shade = (int) Math.round(255 * (1 - t));
                img.setRGB(c, r, cells[r][c] == 0 ? 0xF4F4F4 : (shade << 16) | (shade << 8) | 0xFF);
            }
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        try {
            ImageIO.write(img, "png", png);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int side = Math.min(480, Math.max(160, 40 * n));
        h.append("<p>Row: the calling ").append(heatmap.unit()).append(", column: the target; darker is more (log scale),"
                + " largest cell ").append(max).append(" bytes.</p>\n<img id=\"heatmap\" class=\"heatmap\" alt=\"bytes moved\""
                + " width=\"").append(side).append("\" height=\"").append(side).append("\" src=\"data:image/png;base64,")
                .append(Base64.getEncoder().encodeToString(png.toByteArray())).append("\">\n");
    }

    private void timeline(StringBuilder h) {
        h.append("<h2>Timeline</h2>\n");
        if (drawn.isEmpty()) {
            h.append("<p>No event in the window.</p>\n");
            return;
        }
        long from = window != null ? (long) (window.start() * 1e9) : windowStartNs;
        long to = window != null ? (long) (window.end() * 1e9) : windowEndNs;
        List<Integer> lanes = drawn.stream().map(d -> (int) d[0]).distinct().sorted().toList();
        h.append(String.format(Locale.ROOT, "<p>From %.6f s to %.6f s after the earliest PE's init; one lane per PE (%d"
                + " shown), a box per call coloured by operation, CPU bursts blank", from / 1e9, to / 1e9, lanes.size()));
        if (notDrawn > 0) h.append("; ").append(notDrawn).append(" more calls in the window not drawn (--window narrows it)");
        h.append(".</p>\n");
        int w = 1100, laneH = 14;
        double scale = w / (double) Math.max(1, to - from);
        h.append("<svg class=\"timeline\" width=\"").append(w + 60).append("\" height=\"")
                .append(lanes.size() * laneH + 10).append("\">");
        for (int i = 0; i < lanes.size(); i++) {
            h.append("<text x=\"0\" y=\"").append(i * laneH + 11).append("\">").append(lanes.get(i)).append("</text>");
        }
        h.append("<g transform=\"translate(55,0)\">");
        Operation[] ops = Operation.values();
        for (long[] d : drawn) {
            int laneIndex = java.util.Collections.binarySearch(lanes, (int) d[0]);
            double x = (Math.max(d[1], from) - from) * scale;
            double width = Math.max(0.5, (Math.min(d[2], to) - Math.max(d[1], from)) * scale);
            String op = ops[(int) d[3]].name().toLowerCase(Locale.ROOT);
            h.append(String.format(Locale.ROOT, "<rect class=\"op-%s\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\">"
                    + "<title>PE %d %s %.0f ns</title></rect>", category(ops[(int) d[3]]), x, laneIndex * laneH + 2, width,
                    laneH - 3, d[0], op, (double) (d[2] - d[1])));
        }
        h.append("</g></svg>\n<p class=\"legend\">");
        for (String c : List.of("put", "get", "atomic", "sync", "collective", "lock", "other")) {
            h.append("<span class=\"op-").append(c).append("\">&#9632;</span> ").append(c).append(' ');
        }
        h.append("</p>\n");
    }

    private static String category(Operation op) {
        return op.group().label();
    }

    private static String seconds(long ns) {
        return String.format(Locale.ROOT, "%.6f s", ns / 1e9);
    }

    private static String human(long bytes) {
        if (bytes >= 1L << 30) return (bytes >> 30) + " GiB";
        if (bytes >= 1L << 20) return (bytes >> 20) + " MiB";
        if (bytes >= 1L << 10) return (bytes >> 10) + " KiB";
        return bytes + " B";
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static final String STYLE = """
            body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}h1{font-size:1.5em}h2{font-size:1.15em;
            margin-top:1.6em;border-bottom:1px solid #ddd}table{border-collapse:collapse}td,th{padding:2px 10px;
            text-align:right}th{background:#f2f2f2}td:first-child,th:first-child{text-align:left}.facts th{text-align:left}
            .sortable th{cursor:pointer}.shmem{fill:#d95f02;color:#d95f02}.compute{fill:#e8e8e8;color:#bbb}
            .bar{fill:#1b9e77}.small-multiples{display:flex;flex-wrap:wrap;gap:12px}figure{margin:0}
            figcaption{font-weight:600}.heatmap{image-rendering:pixelated;border:1px solid #ccc}
            svg text{font-size:11px;fill:#444}.op-put{fill:#1f78b4;color:#1f78b4}.op-get{fill:#33a02c;color:#33a02c}
            .op-atomic{fill:#6a3d9a;color:#6a3d9a}.op-sync{fill:#ff7f00;color:#ff7f00}
            .op-collective{fill:#e31a1c;color:#e31a1c}.op-lock{fill:#b15928;color:#b15928}.op-other{fill:#999;color:#999}
            .legend span{font-size:16px}pre{background:#f7f7f7;padding:8px}
            """;

    /** Sorts a table by the column header clicked: the page's only script. */
    private static final String SCRIPT = """
            document.querySelectorAll('table.sortable th').forEach(function (th, col) {
              th.addEventListener('click', function () {
                var body = th.closest('table').tBodies[0];
                var rows = Array.prototype.slice.call(body.rows);
                var down = th.dataset.down !== 'true';
                th.dataset.down = down;
                rows.sort(function (a, b) {
                  var x = a.cells[col].textContent, y = b.cells[col].textContent;
                  var nx = parseFloat(x), ny = parseFloat(y);
                  var c = isNaN(nx) || isNaN(ny) ? x.localeCompare(y) : nx - ny;
                  return down ? -c : c;
                });
                rows.forEach(function (r) { body.appendChild(r); });
              });
            });
            """;
}
