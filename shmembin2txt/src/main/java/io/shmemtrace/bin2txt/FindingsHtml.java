package io.shmemtrace.bin2txt;

import io.shmemtrace.analysis.findings.Finding;
import io.shmemtrace.analysis.findings.Names;
import io.shmemtrace.analysis.findings.Report;
import java.util.Locale;

/**
 * The findings first on the report page: the window and waits in a line, then the ranked list, each finding with its
 * what, where, how much, why and fix (with the predicted gain), as data attributes too (kind, PEs, region, gain) for
 * scripts and tests.
 */
final class FindingsHtml {
    private FindingsHtml() {}

    static String of(Report r) {
        StringBuilder h = new StringBuilder();
        var d = r.diagnosis();
        h.append("<p id=\"findings-summary\">Window ").append(Names.time(d.window())).append(", critical path ")
                .append(Names.time(d.path().length())).append("; waits ").append(Names.time(d.delays().waited()))
                .append(", ").append(Names.time(d.delays().explained())).append(" of them caused by another PE (")
                .append("<code>shmemtrace findings</code> gives the critical path and the causes).</p>\n");
        if (r.findings().isEmpty()) {
            h.append("<p id=\"findings\">").append(io.shmemtrace.analysis.findings.Report.NONE).append(".</p>\n");
        } else {
            h.append("<ol id=\"findings\">\n");
            for (Finding f : r.findings()) {
                h.append("<li data-kind=\"").append(f.kind()).append("\" data-pes=\"")
                        .append(String.join(",", f.pes().stream().map(String::valueOf).toList())).append("\" data-region=\"")
                        .append(f.region() == null ? "" : PageAssets.esc(f.region())).append("\" data-gain=\"")
                        .append(f.predictedGain() == null ? "" : String.format(Locale.ROOT, "%.9f", f.predictedGain()))
                        .append("\"><strong>").append(f.kind()).append("</strong>: ").append(PageAssets.esc(f.what()))
                        .append("<br>how much: ").append(Names.time(f.seconds())).append(" (")
                        .append(Names.percent(f.share())).append(" of the window)<br>why: ").append(PageAssets.esc(f.cause()))
                        .append("<br>fix: ").append(PageAssets.esc(f.fix()));
                if (f.predictedGain() != null) {
                    h.append(" &mdash; <strong>predicted gain ").append(Names.time(f.predictedGain())).append("</strong> (window ")
                            .append(Names.time(f.predictedWindow())).append("; <code>shmemsim --what-if ")
                            .append(PageAssets.esc(f.whatIf().spec())).append("</code>)");
                }
                h.append("</li>\n");
            }
            h.append("</ol>\n");
        }
        for (String n : r.notes()) h.append("<p class=\"note\">").append(PageAssets.esc(n)).append("</p>\n");
        return h.toString();
    }
}
