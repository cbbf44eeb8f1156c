package io.shmemtrace.bench.report;

import io.shmemtrace.bench.run.Row;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Time and bandwidth against message size, one series per API and timing, log-log, as OSU results are read: two
 * panels side by side in one SVG, a series the same colour and dash in both, the legend under them, every label
 * SVG text (searchable, small: a few KB where glyph outlines took half a megabyte).
 */
public final class Plot {
    private static final int PANEL_W = 600;
    private static final int PANEL_H = 420;
    private static final int LEFT = 72;
    private static final int RIGHT = 16;
    private static final int TOP = 36;
    private static final int BOTTOM = 48;
    private static final int LEGEND_COLUMNS = 3;
    private static final int LEGEND_ROW = 18;
    /** Tableau 10: told apart by most readers, colour-blind ones included; past ten the dash changes too. */
    private static final String[] COLOURS = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
            "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
    private static final String[] DASHES = {"", "6,3", "2,2", "8,3,2,3"};

    private Plot() {}

    /** One series: its label, style index, and points (bytes, value). */
    private record Series(String label, int style, double[] x, double[] y) {}

    public static void write(List<Row> rows, Path file) throws IOException {
        Map<String, List<Row>> byLabel = new LinkedHashMap<>();
        for (Row r : rows) {
            // rows of 0 us or less (a baseline above the call) are kept: marked open below the axis
            if (r.bytes() > 0) byLabel.computeIfAbsent(label(r), k -> new ArrayList<>()).add(r);
        }
        List<Series> time = new ArrayList<>();
        List<Series> bandwidth = new ArrayList<>();
        int style = 0;
        for (var e : byLabel.entrySet()) {
            time.add(series(e.getKey(), style, e.getValue(), Row::medianUs));
            // a quiet row times the completion alone, not the transfer: no bandwidth of its own
            if (!e.getValue().get(0).variant().equals("quiet")) {
                bandwidth.add(series(e.getKey(), style, e.getValue(), Row::megabytesPerSecond));
            }
            style++;
        }
        int legendRows = (byLabel.size() + LEGEND_COLUMNS - 1) / LEGEND_COLUMNS;
        int width = 2 * PANEL_W;
        int height = PANEL_H + 16 + legendRows * LEGEND_ROW + 8;
        StringBuilder svg = new StringBuilder(16 * 1024);
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n", width, height, width, height));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, height));
        panel(svg, 0, "Time per call", "microseconds", time);
        panel(svg, PANEL_W, "Bandwidth", "MB/s", bandwidth);
        legend(svg, PANEL_H + 16, new ArrayList<>(byLabel.keySet()));
        svg.append("</svg>\n");
        Files.writeString(file, svg, StandardCharsets.UTF_8);
    }

    private static Series series(String label, int style, List<Row> rows, ToDoubleFunction<Row> y) {
        return new Series(label, style, rows.stream().mapToDouble(Row::bytes).toArray(), rows.stream().mapToDouble(y)
                .toArray());
    }

    private static String label(Row r) {
        return r.api() + (r.variant().isEmpty() ? "" : " " + r.variant()) + " (" + r.language() + ")";
    }

    /** A log-log panel at x offset left: axes at powers of two (bytes) and ten (values), grid, series, titles. */
    private static void panel(StringBuilder svg, int left, String title, String yTitle, List<Series> series) {
        double xMin = Double.MAX_VALUE, xMax = 0, yMin = Double.MAX_VALUE, yMax = 0;
        for (Series s : series) {
            for (double v : s.x) { xMin = Math.min(xMin, v); xMax = Math.max(xMax, v); }
            for (double v : s.y) if (v > 0) { yMin = Math.min(yMin, v); yMax = Math.max(yMax, v); }
        }
        int x0 = left + LEFT, x1 = left + PANEL_W - RIGHT, y0 = PANEL_H - BOTTOM, y1 = TOP;
        text(svg, left + PANEL_W / 2.0, 20, "middle", "font-size=\"15\"", title);
        if (series.isEmpty() || xMax <= 0 || yMax <= 0) {
            text(svg, left + PANEL_W / 2.0, PANEL_H / 2.0, "middle", "", "no data");
            return;
        }
        // axes span whole powers: two for bytes, ten for values
        int xLo = (int) Math.floor(log2(xMin)), xHi = Math.max(xLo + 1, (int) Math.ceil(log2(xMax)));
        int yLo = (int) Math.floor(Math.log10(yMin)), yHi = Math.max(yLo + 1, (int) Math.ceil(Math.log10(yMax)));
        Scale sx = new Scale(xLo, xHi, x0, x1);
        Scale sy = new Scale(yLo, yHi, y0, y1);
        int xStep = Math.max(1, (xHi - xLo + 7) / 8);
        for (int k = xLo; k <= xHi; k += xStep) {
            double x = sx.at(k);
            line(svg, x, y0, x, y1, "#e0e0e0");
            text(svg, x, y0 + 16, "middle", "", bytes(k));
        }
        for (int k = yLo; k <= yHi; k++) {
            double y = sy.at(k);
            line(svg, x0, y, x1, y, "#e0e0e0");
            text(svg, x0 - 6, y + 4, "end", "", decade(k));
        }
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\""
                + " stroke=\"#555\"/>%n", x0, y1, x1 - x0, y0 - y1));
        text(svg, (x0 + x1) / 2.0, PANEL_H - 12, "middle", "", "bytes per call");
        svg.append(String.format(Locale.ROOT, "<text transform=\"translate(%d,%.1f) rotate(-90)\""
                + " text-anchor=\"middle\">%s</text>%n", left + 18, (y0 + y1) / 2.0, xml(yTitle)));
        for (Series s : series) {
            String colour = COLOURS[s.style % COLOURS.length];
            String dash = DASHES[(s.style / COLOURS.length) % DASHES.length];
            StringBuilder points = new StringBuilder();
            for (int i = 0; i < s.x.length; i++) {
                if (s.y[i] <= 0) continue; // not on a log scale: marked below the axis instead
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", sx.at(log2(s.x[i])), sy.at(Math.log10(s.y[i]))));
            }
            svg.append(String.format(Locale.ROOT, "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s>"
                    + "<title>%s</title></polyline>%n", points.toString().trim(), colour,
                    dash.isEmpty() ? "" : " stroke-dasharray=\"" + dash + "\"", xml(s.label)));
            for (int i = 0; i < s.x.length; i++) {
                boolean onScale = s.y[i] > 0;
                marker(svg, s.style, sx.at(log2(s.x[i])), onScale ? sy.at(Math.log10(s.y[i])) : y0 + 6, colour, !onScale,
                        onScale ? null : xml(s.label) + ": " + s.y[i] + " at " + (long) s.x[i] + " B (0 or less: not on a"
                                + " log scale)");
            }
        }
    }

    private static void legend(StringBuilder svg, int top, List<String> labels) {
        int columnWidth = 2 * PANEL_W / LEGEND_COLUMNS;
        for (int i = 0; i < labels.size(); i++) {
            int x = 16 + (i % LEGEND_COLUMNS) * columnWidth;
            int y = top + (i / LEGEND_COLUMNS) * LEGEND_ROW;
            String dash = DASHES[(i / COLOURS.length) % DASHES.length];
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\""
                    + " stroke-width=\"2\"%s/>%n", x, y + 8, x + 24, y + 8, COLOURS[i % COLOURS.length],
                    dash.isEmpty() ? "" : " stroke-dasharray=\"" + dash + "\""));
            marker(svg, i, x + 12, y + 8, COLOURS[i % COLOURS.length], false, null);
            text(svg, x + 30, y + 12, "start", "", labels.get(i));
        }
    }

    /**
     * A series' point: its own shape as well as its colour (close colours alone did not tell series apart), filled, or
     * open for a value the log scale cannot show (drawn below the axis, with title saying what it was).
     */
    private static void marker(StringBuilder svg, int style, double x, double y, String colour, boolean open, String title) {
        String paint = open ? "fill=\"#fff\" stroke=\"" + colour + "\"" : "fill=\"" + colour + "\"";
        String shape = switch (style % 4) {
            case 0 -> String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" %s", x, y, paint);
            case 1 -> String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"6\" height=\"6\" %s", x - 3, y - 3, paint);
            case 2 -> String.format(Locale.ROOT, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" %s", x, y - 4, x + 3.5,
                    y + 3, x - 3.5, y + 3, paint);
            default -> String.format(Locale.ROOT, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" %s", x, y - 4,
                    x + 4, y, x, y + 4, x - 4, y, paint);
        };
        svg.append(shape).append(title == null ? "/>" : "><title>" + title + "</title></" + shape.substring(1,
                shape.indexOf(' ')) + ">").append('\n');
    }

    /** Maps powers (log2 or log10 values) from [lo, hi] onto pixels [from, to]. */
    private record Scale(int lo, int hi, double from, double to) {
        double at(double power) {
            return from + (power - lo) / (hi - lo) * (to - from);
        }
    }

    private static double log2(double v) {
        return Math.log(v) / Math.log(2);
    }

    /** 10^k as people write it: 0.001 to 1000000, else 1e-5, 1e9. */
    private static String decade(int k) {
        if (k >= 0 && k <= 6) return String.valueOf((long) Math.pow(10, k));
        if (k < 0 && k >= -3) return "0." + "0".repeat(-k - 1) + "1";
        return "1e" + k;
    }

    /** 2^k bytes as people write it: 8, 512, 4K, 1M. */
    private static String bytes(int k) {
        if (k < 10) return String.valueOf(1L << Math.max(k, 0));
        if (k < 20) return (1L << (k - 10)) + "K";
        if (k < 30) return (1L << (k - 20)) + "M";
        return (1L << (k - 30)) + "G";
    }

    private static void line(StringBuilder svg, double xa, double ya, double xb, double yb, String colour) {
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>%n",
                xa, ya, xb, yb, colour));
    }

    private static void text(StringBuilder svg, double x, double y, String anchor, String extra, String s) {
        svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>%s</text>%n", x, y,
                anchor, extra.isEmpty() ? "" : " " + extra, xml(s)));
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
