package io.shmemtrace.bin2txt;

import io.shmemtrace.format.Layout;
import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceRun;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The layers of each PE side by side: the events of all its files (the Java agent's and the native shim's)
 * in one listing ordered by time on CLOCK_MONOTONIC, which both layers' headers relate their clocks to. A
 * call made inside another (a native call inside the Java call that made it) is indented under it, so the
 * cost of the binding shows as the gap between the two. A PE's events are held until its files are read.
 */
final class LayersReport extends Report {
    private record Line(long startNs, long endNs, int layerOrder, String text) {}

    private final List<Line> lines = new ArrayList<>();
    private final StringBuilder sb = new StringBuilder(160);
    private int pe = -1;
    private long origin = Long.MAX_VALUE;
    private long fileOrigin;
    private String layer;
    private int layerOrder;

    LayersReport(PrintStream out) {
        super(out);
    }

    @Override
    void begin(TraceRun run) {
        out.println(String.format("%4s %-5s %14s  %-32s %s", "pe", "layer", "start_us", "function", "fields"));
    }

    @Override
    void beginFile(TraceFile file) {
        if (file.header().pe() != pe) {
            flush();
            pe = file.header().pe();
            origin = Long.MAX_VALUE;
        }
        fileOrigin = file.header().initMonoNs();
        origin = Math.min(origin, fileOrigin);
        boolean java = file.header().writer() == Layout.WRITER_JAVA;
        layer = java ? "java" : "C";
        layerOrder = java ? 0 : 1;
    }

    @Override
    void event(TraceEvent e) {
        sb.setLength(0);
        sb.append(e.name()).append('\u0000');
        Fields.append(sb, e, " ");
        if (!e.def().fields().isEmpty()) sb.append(' ');
        sb.append("duration=").append(e.durationNs()).append("ns");
        lines.add(new Line(fileOrigin + e.startNs(), fileOrigin + e.startNs() + e.durationNs(), layerOrder,
                layer + "\u0000" + sb));
    }

    @Override
    void end() {
        flush();
    }

    private void flush() {
        if (lines.isEmpty()) return;
        // By start; at the same instant the outer (Java) call first.
        lines.sort(Comparator.comparingLong(Line::startNs).thenComparingInt(Line::layerOrder)
                .thenComparing(Comparator.comparingLong(Line::endNs).reversed()));
        List<Line> open = new ArrayList<>();
        for (Line l : lines) {
            open.removeIf(o -> o.endNs() < l.endNs() || o.layerOrder() == l.layerOrder());
            String[] parts = l.text().split("\u0000", 3);
            StringBuilder row = new StringBuilder(160);
            row.append(String.format("%4d %-5s %14s  ", pe, parts[0], ListingReport.micros(l.startNs() - origin)));
            String name = "  ".repeat(open.size()) + parts[1];
            row.append(name);
            for (int i = name.length(); i < 32; i++) row.append(' ');
            out.println(row.append(' ').append(parts[2]));
            open.add(l);
        }
        lines.clear();
    }
}
