package io.shmemtrace.bench.report;

import io.shmemtrace.bench.run.Row;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.jfree.svg.SVGGraphics2D;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Time and bandwidth against message size, one series per API and timing, log-log, as OSU results are read:
 * two XChart charts painted side by side into one SVG file (JFreeSVG).
 */
public final class Plot {
    private static final int WIDTH = 720;
    private static final int HEIGHT = 480;

    private Plot() {}

    public static void write(List<Row> rows, Path file) throws IOException {
        Map<String, List<Row>> series = new LinkedHashMap<>();
        for (Row r : rows) {
            if (r.bytes() > 0 && r.medianUs() > 0) series.computeIfAbsent(label(r), k -> new ArrayList<>()).add(r);
        }
        SVGGraphics2D g = new SVGGraphics2D(2 * WIDTH, HEIGHT);
        // XChart draws its text as glyph outlines: a tenth of a pixel is plenty, and a third of the size
        g.setGeomDoubleConverter(Plot::tenths);
        g.setTransformDoubleConverter(Plot::tenths);
        chart("Time per call", "microseconds", series, Row::medianUs).paint(g, WIDTH, HEIGHT);
        g.translate(WIDTH, 0);
        // a quiet row times the completion alone, not the transfer: no bandwidth of its own
        Map<String, List<Row>> transfers = new LinkedHashMap<>(series);
        transfers.values().removeIf(list -> list.get(0).variant().equals("quiet"));
        chart("Bandwidth", "MB/s", transfers, Row::megabytesPerSecond).paint(g, WIDTH, HEIGHT);
        Files.writeString(file, g.getSVGDocument(), StandardCharsets.UTF_8);
    }

    private static String tenths(double v) {
        long t = Math.round(v * 10);
        return t % 10 == 0 ? Long.toString(t / 10) : Double.toString(t / 10.0);
    }

    private static String label(Row r) {
        return r.api() + (r.variant().isEmpty() ? "" : " " + r.variant()) + " (" + r.language() + ")";
    }

    private static XYChart chart(String title, String yTitle, Map<String, List<Row>> series,
                                 ToDoubleFunction<Row> y) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle("bytes per call")
                .yAxisTitle(yTitle).build();
        chart.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true).setLegendVisible(series.size() <= 24)
                .setChartBackgroundColor(java.awt.Color.WHITE).setAntiAlias(true);
        for (var e : series.entrySet()) {
            List<Row> points = e.getValue().stream().filter(r -> y.applyAsDouble(r) > 0).toList();
            if (points.isEmpty()) continue;
            XYSeries s = chart.addSeries(e.getKey(), points.stream().mapToDouble(Row::bytes).toArray(),
                    points.stream().mapToDouble(y).toArray());
            s.setMarker(SeriesMarkers.CIRCLE);
        }
        return chart;
    }
}
