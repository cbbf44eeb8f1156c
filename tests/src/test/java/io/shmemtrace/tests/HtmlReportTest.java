package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** shmembin2txt --html, opened in a real browser (headless Chromium): numbers read back from the page's DOM. */
class HtmlReportTest {
    private static final String BIN2TXT = Workspace.DIST.resolve("bin/shmembin2txt").toString();
    private static final Pattern ROW = Pattern.compile(
            "<tr data-function=\"([^\"]+)\" data-calls=\"(\\d+)\" data-bytes=\"(\\d+)\"");
    private static final Pattern SUMMARY_ROW = Pattern.compile("^  (\\S+)\\s+(\\d+)\\s+\\d+\\s+\\d+\\s+\\d+\\s+\\d+\\s+(\\d+)$");

    private static Command chromium(String... args) {
        String[] argv = new String[args.length + 4];
        argv[0] = "chromium";
        argv[1] = "--headless";
        argv[2] = "--no-sandbox";
        argv[3] = "--disable-gpu";
        System.arraycopy(args, 0, argv, 4, args.length);
        return Command.of(argv).timeout(120);
    }

    @Test
    void theReportOpensInABrowserWithTheSummarysNumbers() throws Exception {
        Path dir = Workspace.freshDir("html");
        Path trace = dir.resolve("trace");
        Programs.traced(4, trace, Programs.compile("calls")).runOk();
        Path html = dir.resolve("report.html");
        Command.Result r = Command.of(BIN2TXT, "--html", html.toString(), trace.toString()).run();
        assertEquals(0, r.exitCode(), r.describe());
        String page = Files.readString(html);
        assertTrue(!page.contains("http://") && !page.contains("https://"), "nothing fetched");

        // the DOM as the browser built it, the page's script run
        Command.Result dom = chromium("--dump-dom", html.toUri().toString()).run();
        assertEquals(0, dom.exitCode(), dom.describe());
        Map<String, long[]> shown = new TreeMap<>();
        Matcher m = ROW.matcher(dom.stdout());
        while (m.find()) shown.put(m.group(1), new long[] {Long.parseLong(m.group(2)), Long.parseLong(m.group(3))});
        assertTrue(dom.stdout().contains("<td id=\"fact-pes\">4</td>"), "4 PEs");

        // the summary's job table: the same functions, calls and bytes
        String summary = Command.of(BIN2TXT, "--summary", "--ns", trace.toString()).runOk().stdout();
        String job = summary.substring(summary.indexOf("== job"));
        job = job.substring(job.indexOf("  function"), job.indexOf("\n\n", job.indexOf("  function")));
        Map<String, long[]> summed = new TreeMap<>();
        for (String line : job.split("\n")) {
            Matcher s = SUMMARY_ROW.matcher(line);
            if (s.matches()) summed.put(s.group(1), new long[] {Long.parseLong(s.group(2)), Long.parseLong(s.group(3))});
        }
        assertTrue(summed.size() > 20, summed.keySet().toString());
        assertEquals(summed.keySet(), shown.keySet());
        for (String f : summed.keySet()) {
            assertEquals(summed.get(f)[0], shown.get(f)[0], f + " calls");
            assertEquals(summed.get(f)[1], shown.get(f)[1], f + " bytes");
        }

        // what a tuner asks first: no banner for a whole run, PEs per host, the imbalance table, the slowest named,
        // the timeline's lanes led by the PE with the most time in SHMEM (the summary's figures)
        String d = dom.stdout();
        assertTrue(!d.contains("id=\"missing-data\""), "a whole run has no banner");
        assertTrue(d.matches("(?s).*<td id=\"fact-hosts\">1 \\([^:<]+: 4 PEs\\)</td>.*"), "PEs per host");
        assertTrue(d.contains("<td id=\"fact-command\"><code>" + Programs.compile("calls") + "</code>"), "PE 0's command");
        assertEquals(summed.size(), count(d, "<tr data-function=\"") - summed.size(), "an imbalance row per function");
        assertEquals(4, count(d.substring(d.indexOf("id=\"slowest-pes\"")).split("</p>")[0], "PE "), "the slowest named");
        String most = job(summary, "== the ");
        int mostPe = Integer.parseInt(most.lines().skip(2).findFirst().orElseThrow().trim().split("\\s+")[0]);
        long maxShmem = -1;
        int laneFirst = -1;
        for (String line : most.lines().skip(2).toList()) {
            String[] f = line.trim().split("\\s+");
            if (Long.parseLong(f[2]) > maxShmem) {
                maxShmem = Long.parseLong(f[2]);
                laneFirst = Integer.parseInt(f[0]);
            }
        }
        assertTrue(mostPe >= 0);
        String lanes = d.substring(d.indexOf("<svg class=\"timeline\""));
        assertTrue(lanes.contains(">PE " + laneFirst + "</text>"), "the first lane");
        assertEquals(lanes.indexOf(">PE "), lanes.indexOf(">PE " + laneFirst + "</text>"), "first lane: most in SHMEM");
        assertTrue(d.contains("id=\"time-bins\"") && d.contains("class=\"scale-bar\""), "time bins with a scale");
        assertTrue(d.matches("(?s).*id=\"time-axis\"[^>]*><line.*"), "the script drew the time axis");

        // the wait states as a table (issue 42, item 10): a row a pattern, barrier waits as --waits totals them
        String waits = Command.of(BIN2TXT, "--waits", trace.toString()).runOk().stdout();
        Matcher barrier = Pattern.compile("\nwait_at_barrier +([0-9.]+)\n").matcher(waits);
        assertTrue(barrier.find(), waits);
        String table = d.substring(d.indexOf("<table id=\"wait-states\""));
        table = table.substring(0, table.indexOf("</table>"));
        assertEquals(io.shmemtrace.waits.WaitState.values().length, count(table, "<tr><td>"), table);
        Matcher row = Pattern.compile("<tr><td>wait_at_barrier</td><td data-v=\"([0-9.E-]+)\">").matcher(table);
        assertTrue(row.find(), table);
        assertEquals(Double.parseDouble(barrier.group(1)), Double.parseDouble(row.group(1)), 1e-9);

        // no console error, and a screenshot
        Path png = dir.resolve("report.png");
        Command.Result shot = chromium("--enable-logging=stderr", "--v=0", "--hide-scrollbars",
                "--window-size=1300,2400", "--screenshot=" + png, html.toUri().toString()).run();
        assertEquals(0, shot.exitCode(), shot.describe());
        assertTrue(shot.stderr().lines().noneMatch(l -> l.contains("CONSOLE") || l.contains("Uncaught")), shot.stderr());
        assertTrue(Files.size(png) > 20_000, Files.size(png) + " bytes of screenshot");
    }

    /**
     * One window for one run (issue 42, item 5): the summary's job line, the page's fact and shmemsim's traced window
     * are the same span, the last PE's end of shmem_init to the last PE's start of shmem_finalize. The page said the
     * longest PE's window, the summary the PEs' windows summed.
     */
    @Test
    void theSummaryThePageAndShmemsimGiveTheSameWindow() throws Exception {
        Path dir = Workspace.freshDir("one-window");
        Path trace = dir.resolve("trace");
        Programs.traced(3, trace, Programs.compile("calls")).runOk();
        String summary = Command.of(BIN2TXT, "--summary", "--ns", trace.toString()).runOk().stdout();
        Matcher w = Pattern.compile("== job \\(3 PEs\\)\napplication window (\\d+) ns \\(the run's: ").matcher(summary);
        assertTrue(w.find(), summary);
        long windowNs = Long.parseLong(w.group(1));
        Path html = dir.resolve("report.html");
        Command.of(BIN2TXT, "--html", html.toString(), trace.toString()).runOk();
        assertTrue(Files.readString(html).contains(String.format(java.util.Locale.ROOT,
                "<td id=\"fact-window\">%.6f s</td>", windowNs / 1e9)), "the page's window: " + windowNs + " ns");
        Path json = dir.resolve("sim.json");
        Command.of(Workspace.DIST.resolve("bin/shmemsim").toString(), "-q", "--comm-model", "measured", "--json",
                json.toString(), trace.toString()).runOk();
        double traced = io.shmemtrace.tests.support.Json.number(Files.readString(json), "traced_s");
        assertEquals(windowNs, traced * 1e9, 2.0, "shmemsim's traced window");

        // without --ns the same summary reads as mpiP's (issue 42, item 9): 4 significant digits with a unit, the
        // columns without _ns, the functions the most time first
        String readable = Command.of(BIN2TXT, "--summary", trace.toString()).runOk().stdout();
        assertEquals(summary.lines().count(), readable.lines().count(), readable);
        assertTrue(readable.contains("== job (3 PEs)\napplication window " + fourDigits(windowNs) + " (the run's: "),
                fourDigits(windowNs) + " in\n" + readable);
        String job = readable.substring(readable.indexOf("== job"));
        List<String> rows = job.lines().dropWhile(l -> !l.startsWith("  function ")).toList();
        assertEquals("  function                                  calls          total          min         mean"
                + "          max          bytes", rows.get(0));
        assertTrue(rows.get(1).startsWith("  shmem_finalize ") || rows.get(1).startsWith("  shmem_init "), rows.get(1));
        assertTrue(!readable.contains("_ns"), readable);
    }

    /** ns as the summary writes it without --ns: 4 significant digits in s, ms, us, or whole ns below 1 us. */
    private static String fourDigits(long ns) {
        if (ns < 1_000) return ns + " ns";
        if (ns < 1_000_000) return String.format(java.util.Locale.ROOT, "%.4g us", ns / 1e3);
        if (ns < 1_000_000_000) return String.format(java.util.Locale.ROOT, "%.4g ms", ns / 1e6);
        return String.format(java.util.Locale.ROOT, "%.4g s", ns / 1e9);
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) n++;
        return n;
    }

    /** The summary's section that starts with this heading, up to the next blank line. */
    private static String job(String summary, String heading) {
        String from = summary.substring(summary.indexOf(heading));
        int end = from.indexOf("\n\n");
        return end < 0 ? from : from.substring(0, end);
    }

    @Test
    void aRunWithMissingDataSaysSoFirst() throws Exception {
        Path dir = Workspace.freshDir("html-missing");
        Path trace = dir.resolve("trace");
        // a 4 KiB limit: every PE's trace stops at its first block, its later calls only counted
        Programs.traced(2, trace, Programs.compile("calls")).env("SHMEMTRACE_MAX_BYTES", "4K").runOk();
        Path html = dir.resolve("report.html");
        Command.of(BIN2TXT, "--html", html.toString(), trace.toString()).run();
        String page = Files.readString(html);
        int banner = page.indexOf("id=\"missing-data\"");
        assertTrue(banner > 0 && banner < page.indexOf("<h2>Job</h2>"), "the banner comes first");
        assertTrue(page.contains("PE 0 reached SHMEMTRACE_MAX_BYTES") && page.contains("PE 1 reached SHMEMTRACE_MAX_BYTES"));
    }

    /**
     * A two-host run's page is on the CSV's time base (issue 42, item 2): its timeline spans the CSV's calls (init and
     * finalize left out), where it drew a 5.7 ms run over 7.3 s from the hosts' unrelated monotonic clocks.
     */
    @Test
    void aTwoHostRunsTimelineSpansTheCsvs() throws Exception {
        Path run = io.shmemtrace.tests.support.SyntheticRuns.make("html-two-hosts", 16, 200, "--hosts", "2");
        Path page = Workspace.freshDir("html-two-hosts-page").resolve("p.html");
        String bin2txt = Workspace.DIST.resolve("bin/shmembin2txt").toString();
        Command.of(bin2txt, "--html", page.toString(), run.toString()).runOk();
        Matcher m = Pattern.compile("<div id=\"timeline\" data-from=\"(\\d+)\" data-to=\"(\\d+)\">")
                .matcher(Files.readString(page));
        assertTrue(m.find(), "no timeline");
        long from = Long.MAX_VALUE, to = Long.MIN_VALUE;
        java.util.List<String> csv = Command.of(bin2txt, "--csv", run.toString()).runOk().stdout().lines().toList();
        for (String row : csv.subList(1, csv.size())) {
            String[] f = row.split(",");
            if (f[3].equals("shmem_init") || f[3].equals("shmem_finalize")) continue;
            from = Math.min(from, Long.parseLong(f[5]));
            to = Math.max(to, Long.parseLong(f[6]));
        }
        assertEquals(java.util.List.of(from, to), java.util.List.of(Long.parseLong(m.group(1)), Long.parseLong(m.group(2))));
    }
}
