package io.shmemtrace.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.bench.report.Plot;
import io.shmemtrace.bench.run.Row;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The --plot SVG: well-formed, text as text, a series the same colour in both panels, a legend entry per series. */
class PlotTest {
    @TempDir
    Path dir;

    @Test
    void seriesKeepTheirColourAndTextIsText() throws Exception {
        List<Row> rows = new ArrayList<>();
        String[][] series = {{"shmem_putmem", ""}, {"shmem_putmem_nbi", "quiet"}, {"shmem_putmem_nbi", "full"},
                {"shmem_getmem", ""}};
        for (String[] s : series) {
            for (long bytes = 8; bytes <= 1 << 20; bytes *= 8) {
                double us = 0.05 + bytes / 5000.0;
                rows.add(new Row(1, s[0], "c", s[1], bytes, 1, bytes, 10, us, us, us, 1.0));
            }
        }
        Path svg = dir.resolve("plot.svg");
        Plot.write(rows, svg);
        String text = Files.readString(svg);
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile()); // well-formed XML
        assertTrue(Files.size(svg) < 40_000, "a few KB: " + Files.size(svg));
        assertTrue(text.contains(">Time per call</text>") && text.contains(">Bandwidth</text>"));
        assertTrue(text.contains(">shmem_putmem_nbi quiet (c)</text>"), "legend as text");
        assertTrue(!text.contains("<path"), "no glyph outlines");
        // each series' colour, by its title, in every panel it is drawn in: one colour per series
        Map<String, String> colourOf = new TreeMap<>();
        Matcher m = Pattern.compile("stroke=\"(#[0-9a-f]{6})\"[^>]*><title>([^<]+)</title>").matcher(text);
        int drawn = 0;
        while (m.find()) {
            String before = colourOf.putIfAbsent(m.group(2), m.group(1));
            if (before != null) assertEquals(before, m.group(1), m.group(2));
            drawn++;
        }
        assertEquals(4 + 3, drawn, "every series in the time panel, all but the quiet one in the bandwidth panel");
        assertEquals(4, colourOf.size());
        assertEquals(4, colourOf.values().stream().distinct().count());
        // and a shape of its own: circles, squares, triangles, diamonds (close colours alone did not tell them apart)
        assertTrue(text.contains("<circle ") && text.contains("<rect x=") && text.contains("<polygon "), "marker shapes");
    }

    @Test
    void aValueTheLogScaleCannotShowIsMarkedOpen() throws Exception {
        List<Row> rows = new ArrayList<>();
        for (long bytes = 8; bytes <= 4096; bytes *= 8) {
            double us = bytes == 64 ? 0 : 0.05 + bytes / 5000.0; // a baseline larger than the call: 0 us
            rows.add(new Row(1, "shmem_putmem", "c", "", bytes, 1, bytes, 10, us, us, us, 1.0));
        }
        Path svg = dir.resolve("zero.svg");
        Plot.write(rows, svg);
        String text = Files.readString(svg);
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
        assertTrue(text.contains("fill=\"#fff\"") && text.contains(": 0.0 at 64 B (0 or less: not on a log scale)"), text);
    }
}
