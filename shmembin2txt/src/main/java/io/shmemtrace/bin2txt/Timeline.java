package io.shmemtrace.bin2txt;

import io.shmemtrace.format.OpenRegions;
import io.shmemtrace.format.Operation;
import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report page's timeline: a lane per PE shown (the PEs that matter: those given with --pes, else the ones with
 * the most time in SHMEM, most first), a box per call coloured by its operation's family, CPU bursts blank, a time
 * axis; drag across it to zoom, double-click to come back. The program's regions (shmemtrace.h) are spans behind a
 * lane's boxes, nested ones stacked darker, a paused stretch grey; a mark is a line across its lane. Where the
 * lanes are known before the files are read (a run of up to 64 PEs, or --pes) they are drawn in the same pass;
 * else their files are read again once the first pass has told which PEs they are: 64 files more, never the whole
 * run twice.
 */
final class Timeline {
    static final int LANES = 64;
    private static final int EVENTS_DRAWN = 40_000;
    private static final int WIDTH = 1100;
    /** A lane's height: taller while the lanes are few (a 2-PE run's lanes were a thin strip). */
    private static final int LANE_H = 14, FEW_LANES_H = 24, FEW_LANES = 16;
    private static final int LABEL_W = 60;

    /** One box: start and end (ns from the earliest init), operation. */
    private record Box(long start, long end, Operation op) {}

    /** A region from start to end (a mark: start = end), and its name. */
    private record Span(long start, long end, String name, boolean mark) {}

    private Timeline() {}

    /**
     * One lane's drawing, from its PE's events as a file gives them: the calls' boxes (at most perLane; the others
     * counted), the regions' spans, in the order drawn. Filled in the summary's own pass where the lanes are known
     * before it (every PE a lane, or --pes), else by reading the lanes' files again ({@link #html(TraceRun, List,
     * String, long, long[])}).
     */
    static final class Lane {
        final int pe;
        /** The file's init, ns from the earliest PE's. */
        private final io.shmemtrace.merged.merge.RunClock clock;
        private final long[] window;
        final int perLane;
        private final List<Box> boxes = new ArrayList<>();
        private final List<Span> spans = new ArrayList<>();
        private final OpenRegions<Span> open = new OpenRegions<>(Span::name); // the lane's regions begun
        private long laneEnd = Long.MIN_VALUE;
        private long skipped;
        private boolean finished;

        /** window: [from, to] ns to draw, or null; perLane: the boxes drawn at most. */
        Lane(int pe, io.shmemtrace.merged.merge.RunClock clock, long[] window, int perLane) {
            this.pe = pe;
            this.clock = clock;
            this.window = window;
            this.perLane = perLane;
        }

        void event(TraceEvent e) {
            Operation op = e.def().operation();
            if (op == Operation.INIT || op == Operation.FINALIZE) return;
            long s = clock.at(e.startNs()), t = clock.at(e.endNs());
            laneEnd = Math.max(laneEnd, t);
            if (op.isRegion()) {
                region(op, e.regionName(), s);
                return;
            }
            if (window != null && (t < window[0] || s > window[1])) return;
            if (boxes.size() >= perLane) skipped++;
            else boxes.add(new Box(s, t, op));
        }

        /** The file's events are all in: what is still open ends at the lane's last event. */
        void finish() {
            for (Span o : open.endAll()) spans.add(new Span(o.start, laneEnd, o.name, false));
            finished = true;
        }

        boolean finished() {
            return finished;
        }

        /** A region record: a begin opens a span, an end closes it (OpenRegions), a mark is one. */
        private void region(Operation op, String name, long at) {
            switch (op) {
                case REGION_BEGIN -> open.begin(new Span(at, at, name, false));
                case REGION_END -> {
                    Span o = open.end(name);
                    if (o != null) spans.add(new Span(o.start, at, name, false));
                }
                default -> spans.add(new Span(at, at, name, true));
            }
        }
    }

    /** A box's opening tag, as {@code <rect class="%s" x="%.2f" y="%d" width="%.2f" height="%d">}. */
    private static StringBuilder rect(StringBuilder h, String kind, double x, int y, double width, int height) {
        h.append("<rect class=\"").append(kind).append("\" x=\"");
        TwoDecimals.append(h, x).append("\" y=\"").append(y).append("\" width=\"");
        return TwoDecimals.append(h, width).append("\" height=\"").append(height).append("\">");
    }

    /** The boxes each of n lanes may draw. */
    static int perLane(int n) {
        return Math.max(1, EVENTS_DRAWN / Math.max(1, n));
    }

    /**
     * lanes: the PEs, in the order shown; window: [from, to] ns to draw, or null for the calls' span (init and
     * finalize left out). Reads the lanes' files again. Returns the section's HTML.
     */
    static String html(TraceRun run, List<Integer> lanes, String why,
                       java.util.Map<java.nio.file.Path, io.shmemtrace.merged.merge.RunClock> clocks,
                       long[] window) {
        List<Lane> read = new ArrayList<>();
        int perLane = perLane(lanes.size());
        for (TraceRun.Input in : run.inputs()) {
            if (!lanes.contains(in.pe())) continue;
            Lane lane = new Lane(in.pe(), clocks.getOrDefault(in.path(), io.shmemtrace.merged.merge.RunClock.ZERO), window,
                    perLane);
            try {
                in.file().read(lane::event);
            } catch (Exception e) {
                continue; // the first pass said what is wrong with this file
            } finally {
                in.close();
            }
            lane.finish();
            read.add(lane);
        }
        return html(read, lanes, why, window);
    }

    /**
     * The section from lanes drawn already (in the order their files were read), shown in the order of lanes (PEs);
     * window as above.
     */
    static String html(List<Lane> drawn, List<Integer> lanes, String why, long[] window) {
        long from = Long.MAX_VALUE, to = Long.MIN_VALUE;
        long notDrawn = 0;
        boolean anyBox = false;
        for (Lane lane : drawn) {
            notDrawn += lane.skipped;
            for (Box b : lane.boxes) {
                from = Math.min(from, b.start);
                to = Math.max(to, b.end);
                anyBox = true;
            }
        }
        StringBuilder h = new StringBuilder();
        h.append("<h2>Timeline</h2>\n");
        if (!anyBox) return h.append("<p>No event in the window.</p>\n").toString();
        if (window != null) {
            from = window[0];
            to = window[1];
        }
        h.append(String.format(Locale.ROOT, "<p>From %.6f s to %.6f s after the earliest PE's init; one lane per PE (%d"
                + " shown: %s), a box per call coloured by operation, CPU bursts blank", from / 1e9, to / 1e9, lanes.size(),
                why));
        if (notDrawn > 0) h.append("; ").append(notDrawn).append(" more calls not drawn (--window narrows the span)");
        h.append(". Drag across the lanes to zoom in, double-click to zoom out.</p>\n");
        double scale = WIDTH / (double) Math.max(1, to - from);
        final int laneH = lanes.size() <= FEW_LANES ? FEW_LANES_H : LANE_H;
        int height = lanes.size() * laneH + 4;
        java.util.Set<String> kinds = new java.util.HashSet<>(); // the region kinds drawn, for the legend
        boolean marks = false;
        h.append(String.format(Locale.ROOT, "<div id=\"timeline\" data-from=\"%d\" data-to=\"%d\"><svg class=\"timeline\""
                + " width=\"%d\" height=\"%d\">", from, to, WIDTH + LABEL_W, height + 24));
        for (int i = 0; i < lanes.size(); i++) {
            h.append("<text x=\"0\" y=\"").append(i * laneH + laneH / 2 + 4).append("\">PE ").append(lanes.get(i))
                    .append("</text>");
        }
        // the plot area: an inner svg whose viewBox the script narrows to zoom (boxes stretch, labels do not)
        h.append(String.format(Locale.ROOT, "<svg id=\"lanes\" x=\"%d\" y=\"0\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d"
                + " %d\" preserveAspectRatio=\"none\">", LABEL_W, WIDTH, height, WIDTH, height));
        for (Lane lane : drawn) {
            int index = lanes.indexOf(lane.pe);
            for (Span r : lane.spans) {
                if (r.end < from || r.start > to) continue;
                double x = (Math.max(r.start, from) - from) * scale;
                if (r.mark) {
                    marks = true;
                    TwoDecimals.append(TwoDecimals.append(h.append("<line class=\"mark\" x1=\""), x).append("\" x2=\""), x)
                            .append("\" y1=\"").append(index * laneH).append("\" y2=\"").append(index * laneH + laneH - 1)
                            .append("\"><title>PE ").append(lane.pe).append(" mark ").append(PageAssets.esc(r.name))
                            .append("</title></line>");
                    continue;
                }
                double w = Math.max(0.5, (Math.min(r.end, to) - Math.max(r.start, from)) * scale);
                String kind = r.name.equals(io.shmemtrace.format.TraceNaming.PAUSED_REGION) ? "region-paused" : "region";
                kinds.add(kind);
                rect(h, kind, x, index * laneH, w, laneH).append("<title>PE ").append(lane.pe).append(" region ")
                        .append(PageAssets.esc(r.name)).append(' ').append(r.end - r.start).append(" ns</title></rect>");
            }
        }
        for (Lane lane : drawn) {
            int index = lanes.indexOf(lane.pe);
            for (Box b : lane.boxes) {
                double x = (Math.max(b.start, from) - from) * scale;
                double w = Math.max(0.5, (Math.min(b.end, to) - Math.max(b.start, from)) * scale);
                rect(h, "op-" + b.op.group().label(), x, index * laneH + 2, w, laneH - 3).append("<title>PE ")
                        .append(lane.pe).append(' ').append(b.op.name().toLowerCase(Locale.ROOT)).append(' ')
                        .append(b.end - b.start).append(" ns</title></rect>");
            }
        }
        h.append("<rect id=\"selection\" x=\"0\" y=\"0\" width=\"0\" height=\"").append(height)
                .append("\" fill=\"#000\" fill-opacity=\"0.12\"/></svg>");
        h.append(String.format(Locale.ROOT, "<g id=\"time-axis\" transform=\"translate(%d,%d)\"></g>", LABEL_W, height + 2));
        h.append("</svg></div>\n<p class=\"legend\">");
        for (Operation.Group g : Operation.Group.values()) {
            h.append("<span class=\"op-").append(g.label()).append("\">&#9632;</span> ").append(g.label()).append(' ');
        }
        // the program's regions behind the calls, in a colour no operation has
        if (kinds.contains("region")) h.append("<span class=\"region\">&#9632;</span> program region ");
        if (kinds.contains("region-paused")) h.append("<span class=\"region-paused\">&#9632;</span> paused ");
        if (marks) h.append("| mark ");
        h.append("</p>\n");
        return h.toString();
    }

    /** Draws the time axis for the span shown, and zooms by dragging: the page's timeline script. */
    static final String SCRIPT = """
            (function () {
              var box = document.getElementById('timeline');
              if (!box) return;
              var lanes = document.getElementById('lanes'), axis = document.getElementById('time-axis');
              var sel = document.getElementById('selection'), NS = lanes.namespaceURI;
              var full = [+box.dataset.from, +box.dataset.to], view = full.slice(), width = lanes.width.baseVal.value;
              var vb = lanes.viewBox.baseVal, plotW = vb.width;
              function show(a, b) {
                view = [a, b];
                vb.x = (a - full[0]) / (full[1] - full[0]) * plotW;
                vb.width = Math.max(1e-6, (b - a) / (full[1] - full[0]) * plotW);
                while (axis.firstChild) axis.removeChild(axis.firstChild);
                var span = (b - a) / 1e9, step = Math.pow(10, Math.floor(Math.log10(span / 6)));
                if (span / step > 12) step *= 5; else if (span / step > 6) step *= 2;
                var digits = Math.max(0, -Math.floor(Math.log10(step)));
                for (var t = Math.ceil(a / 1e9 / step) * step; t <= b / 1e9; t += step) {
                  var x = (t * 1e9 - a) / (b - a) * width;
                  var tick = document.createElementNS(NS, 'line');
                  tick.setAttribute('x1', x); tick.setAttribute('x2', x); tick.setAttribute('y1', 0);
                  tick.setAttribute('y2', 4); tick.setAttribute('stroke', '#444'); axis.appendChild(tick);
                  var label = document.createElementNS(NS, 'text');
                  label.setAttribute('x', x); label.setAttribute('y', 16); label.setAttribute('text-anchor', 'middle');
                  label.textContent = t.toFixed(digits) + ' s'; axis.appendChild(label);
                }
              }
              function at(ev) {
                var r = lanes.getBoundingClientRect();
                return view[0] + Math.min(1, Math.max(0, (ev.clientX - r.left) / r.width)) * (view[1] - view[0]);
              }
              function toPlot(t) { return (t - full[0]) / (full[1] - full[0]) * plotW; }
              var start = null;
              lanes.addEventListener('mousedown', function (ev) { start = at(ev); ev.preventDefault(); });
              lanes.addEventListener('mousemove', function (ev) {
                if (start === null) return;
                var a = Math.min(start, at(ev)), b = Math.max(start, at(ev));
                sel.setAttribute('x', toPlot(a)); sel.setAttribute('width', toPlot(b) - toPlot(a));
              });
              window.addEventListener('mouseup', function (ev) {
                if (start === null) return;
                var a = Math.min(start, at(ev)), b = Math.max(start, at(ev));
                start = null; sel.setAttribute('width', 0);
                if (b - a > (view[1] - view[0]) / 1000) show(a, b);
              });
              lanes.addEventListener('dblclick', function () { show(full[0], full[1]); });
              show(full[0], full[1]);
            })();
            """;
}
