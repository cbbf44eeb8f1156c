package io.shmemtrace.bin2txt;

import io.shmemtrace.analysis.findings.Names;
import io.shmemtrace.waits.WaitState;
import io.shmemtrace.waits.WaitStates;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The report page's wait states: one row a pattern, with the seconds lost, how many PEs lost them, the PE that lost
 * most, and a bar against the largest pattern; the full text (per PE and call site) folded below, as --waits prints
 * it.
 */
final class PageWaits {
    private PageWaits() {}

    static String html(WaitStates states) {
        double most = 0;
        for (WaitState s : WaitState.values()) most = Math.max(most, states.total(s));
        StringBuilder h = new StringBuilder("<table id=\"wait-states\" class=\"sortable\"><thead><tr><th>pattern</th>"
                + "<th>lost</th><th>PEs</th><th>most on</th><th>there</th><th></th></tr></thead><tbody>\n");
        for (WaitState s : WaitState.values()) {
            double total = states.total(s);
            Map<Integer, Double> byPe = states.byPe(s);
            int worst = -1;
            double worstSeconds = 0;
            for (var e : byPe.entrySet()) {
                if (e.getValue() > worstSeconds) {
                    worst = e.getKey();
                    worstSeconds = e.getValue();
                }
            }
            h.append("<tr><td>").append(s.label).append("</td><td data-v=\"").append(total).append("\">")
                    .append(Names.time(total)).append("</td><td>").append(byPe.size()).append("</td><td>")
                    .append(worst < 0 ? "-" : "PE " + worst).append("</td><td>")
                    .append(worst < 0 ? "-" : Names.time(worstSeconds)).append("</td><td><div class=\"bar\" style=\"width:")
                    .append(most == 0 ? 0 : Math.round(200 * total / most)).append("px\"></div></td></tr>\n");
        }
        h.append("</tbody></table>\n");
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        states.print(new PrintStream(text, true, StandardCharsets.UTF_8));
        h.append("<details><summary>per PE and call site (as shmembin2txt --waits prints them)</summary><pre>")
                .append(PageAssets.esc(text.toString(StandardCharsets.UTF_8))).append("</pre></details>\n");
        return h.toString();
    }
}
