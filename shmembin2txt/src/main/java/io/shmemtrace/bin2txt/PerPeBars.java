package io.shmemtrace.bin2txt;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The report page's per-PE bars: time in SHMEM and computing over each PE's window (shares of its thread-time),
 * PEs sorted by SHMEM share and binned past BAR_LIMIT, and the PEs a tuner looks at first named under them.
 */
final class PerPeBars {
    static final int BAR_LIMIT = 1024;
    private static final int NAMED = 10;

    private PerPeBars() {}

    /** perPe: per PE {pe, window ns, SHMEM ns in the window, thread-time ns of the window}. */
    static void html(StringBuilder h, List<long[]> perPe) {
        List<long[]> sorted = new ArrayList<>(perPe);
        // shares of thread-time (the window times the PE's threads): never above 100 %
        sorted.sort(Comparator.comparingDouble((long[] p) -> p[3] == 0 ? 0 : (double) p[2] / p[3]).reversed());
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
                win += sorted.get(i)[3];
                shm += Math.min(sorted.get(i)[2], sorted.get(i)[3]);
            }
            double share = win == 0 ? 0 : shm / win;
            double x = b * bw;
            String label = to - from == 1 ? "PE " + sorted.get(from)[0] : "PEs " + (to - from) + " (bin " + b + ")";
            h.append(String.format(Locale.ROOT, "<rect class=\"compute\" x=\"%.2f\" y=\"0\" width=\"%.2f\" height=\"%.1f\"/>",
                    x, bw, height * (1 - share)));
            h.append(String.format(Locale.ROOT, "<rect class=\"shmem\" x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\">"
                    + "<title>%s: %.1f %% in SHMEM</title></rect>", x, height * (1 - share), bw, height * share, label,
                    100 * share));
            if (to - from == 1 && bw >= 14) { // the PE under its bar, where there is room for its number
                h.append(String.format(Locale.ROOT, "<text class=\"pe-label\" x=\"%.2f\" y=\"%d\" text-anchor=\"middle\">%d"
                        + "</text>", x + bw / 2, height + 13, sorted.get(from)[0]));
            }
        }
        h.append("<text x=\"-45\" y=\"10\">100 %</text><text x=\"-30\" y=\"").append(height).append("\">0 %</text>")
                .append("</g></svg>\n<p class=\"legend\"><span class=\"shmem\">&#9632;</span> in SHMEM "
                        + "<span class=\"compute\">&#9632;</span> computing</p>\n");
        List<long[]> slowest = new ArrayList<>(perPe);
        slowest.sort(Comparator.comparingLong((long[] p) -> -p[1]).thenComparingLong(p -> p[0]));
        h.append("<p id=\"slowest-pes\">Longest windows: ").append(named(slowest, p -> HtmlReport.seconds(p[1]))).append("</p>\n");
        h.append("<p id=\"most-shmem-pes\">Largest SHMEM share: ").append(named(sorted, p -> String.format(Locale.ROOT,
                "%.1f %%", p[3] == 0 ? 0.0 : 100.0 * Math.min(p[2], p[3]) / p[3]))).append("</p>\n");
    }

    /** The first NAMED PEs of a list, each with its figure: "PE 125 (1.2 s), PE 164 (1.1 s)". */
    private static String named(List<long[]> pes, java.util.function.Function<long[], String> figure) {
        List<String> names = new ArrayList<>();
        for (long[] p : pes.subList(0, Math.min(NAMED, pes.size()))) names.add("PE " + p[0] + " (" + figure.apply(p) + ")");
        return String.join(", ", names);
    }
}
