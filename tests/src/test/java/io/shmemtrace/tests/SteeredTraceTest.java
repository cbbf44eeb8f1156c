package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.Operation;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.UnrecordedCalls;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A program steers its trace (shmemtrace.h, SHMEMTRACE_START/EXCLUDE/INCLUDE): steer.c, 2 PEs under real oshrun,
 * prints how many calls of each kind it made; every PE's trace must hold exactly those calls recorded, paused or
 * excluded, and its regions in order. The same binary runs and prints the same without the tracer (weak symbols),
 * and so does one linked with the stub library.
 */
class SteeredTraceTest {
    private static final int ITERATIONS = 7;
    private static final Path INCLUDE = Workspace.DIST.resolve("include");
    private static final Path LIB = Workspace.DIST.resolve("lib");
    private static final Pattern COUNTS = Pattern.compile("pe (\\d+): recorded shmem_long_p (\\d+) shmem_quiet (\\d+);"
            + " paused shmem_long_p (\\d+) shmem_quiet 1; calls shmem_my_pe (\\d+); regions iteration (\\d+)");

    /** What one PE says it did. */
    private record Said(int pe, long recordedP, long recordedQuiet, long pausedP, long myPeCalls, int iterations) {}

    /** What one PE's trace holds: calls recorded per function, region records in order, calls counted. */
    private record Held(Map<String, Long> recorded, List<String> regions, Map<String, List<Long>> counted) {}

    @Test
    void regionsPauseAndExclusionCountEveryCall() throws Exception {
        Path program = compile(false);
        Path run = Workspace.freshDir("steer-exclude").resolve("run");
        Command.Result traced = Programs.traced(2, run, program, Integer.toString(ITERATIONS))
                .env("SHMEMTRACE_EXCLUDE", "shmem_my_pe,nonesuch_*").runOk();
        assertTrue(traced.stderr().contains("shmemtrace: SHMEMTRACE_EXCLUDE: 'nonesuch_*' selects no traced function\n"),
                traced.stderr());
        for (Said s : said(traced.stdout())) {
            Held h = held(Traces.peFile(run, s.pe()));
            assertEquals(s.recordedP(), h.recorded().get("shmem_long_p"));
            assertEquals(s.recordedQuiet(), h.recorded().get("shmem_quiet"));
            assertEquals(null, h.recorded().get("shmem_my_pe"), "excluded: not one recorded");
            assertEquals(1L, h.recorded().get("shmem_n_pes"));
            assertEquals(2L, h.recorded().get("shmem_barrier_all"), "in solve, and again after the resume");
            assertEquals(Map.of("shmem_long_p", List.of(s.pausedP(), 0L), "shmem_quiet", List.of(1L, 0L),
                    "shmem_my_pe", List.of(0L, s.myPeCalls())), h.counted());
            List<String> expected = new ArrayList<>(List.of("begin setup", "mark ready", "end setup", "begin solve"));
            for (int i = 0; i < s.iterations(); i++) expected.addAll(List.of("begin iteration", "end iteration"));
            expected.addAll(List.of("end solve", "begin (paused)", "end (paused)"));
            assertEquals(expected, h.regions());
        }
        String summary = Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--summary", run.toString())
                .runOk().stdout();
        assertTrue(Pattern.compile("\n  iteration +" + 2 * ITERATIONS + " ").matcher(summary).find(), summary);
        assertTrue(Pattern.compile("\n  shmem_my_pe +0 +" + 2 * (ITERATIONS + 1) + "\n").matcher(summary).find(), summary);

        // The report page: the regions' table, the marks, the calls not recorded, and regions drawn on the lanes.
        Path page = run.resolveSibling("report.html");
        Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--html", page.toString(), run.toString()).runOk();
        String html = java.nio.file.Files.readString(page);
        assertTrue(html.contains("<tr data-region=\"iteration\"><td>iteration</td><td>" + 2 * ITERATIONS + "</td>"), html);
        assertTrue(html.contains("<p id=\"marks\">Marks: ready &times;2</p>"), html);
        assertTrue(html.contains("<tr data-function=\"shmem_my_pe\"><td>shmem_my_pe</td><td>0</td><td>"
                + 2 * (ITERATIONS + 1) + "</td></tr>"), html);
        assertEquals(2 * ITERATIONS, html.split("<title>PE \\d+ region iteration ", -1).length - 1, "a span per iteration");
        assertEquals(2, html.split("<rect class=\"region-paused\"", -1).length - 1, "a grey span per PE's pause");

        // The wait at the barrier in "solve" (one PE computes 2 ms before it) is that region's.
        String patterns = Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--patterns", run.toString())
                .runOk().stdout();
        assertTrue(Pattern.compile("\n  solve +wait_at_barrier +0\\.0*[1-9]").matcher(patterns).find(), patterns);

        // The same binary without the tracer: the weak functions are absent, each call is skipped.
        assertEquals(sorted(traced.stdout()), sorted(Programs.plain(2, program, Integer.toString(ITERATIONS)).runOk().stdout()));
    }

    @Test
    void startPausedUntilARegionAndIncludeOnlySomeCalls() throws Exception {
        Path program = compile(false);
        Path run = Workspace.freshDir("steer-start").resolve("run");
        Command.Result traced = Programs.traced(2, run, program, Integer.toString(ITERATIONS))
                .env("SHMEMTRACE_START", "solve").env("SHMEMTRACE_INCLUDE", "shmem_*_p,op:quiet").runOk();
        for (Said s : said(traced.stdout())) {
            Held h = held(Traces.peFile(run, s.pe()));
            // Init and finalize always; of the rest only what INCLUDE selects, once the region began.
            assertEquals(Map.of("shmem_init", 1L, "shmem_finalize", 1L, "shmem_long_p", s.recordedP(),
                    "shmem_quiet", s.recordedQuiet()), h.recorded());
            // Before "solve": paused (n_pes and my_pe excluded anyway: exclusion is counted first, by its stub).
            assertEquals(Map.of("shmem_long_p", List.of(s.pausedP(), 0L), "shmem_quiet", List.of(1L, 0L),
                    "shmem_my_pe", List.of(0L, s.myPeCalls()), "shmem_n_pes", List.of(0L, 1L),
                    "shmem_barrier_all", List.of(0L, 2L)), h.counted());
            assertEquals(List.of("begin (paused)", "begin setup", "mark ready", "end setup", "end (paused)", "begin solve"),
                    h.regions().subList(0, 6));
        }
    }

    @Test
    void theStubLibraryStandsInWithoutTheTracer() throws Exception {
        Path program = compile(true);
        String plain = Programs.plain(2, program, "3").runOk().stdout();
        Path run = Workspace.freshDir("steer-stub").resolve("run");
        String traced = Programs.traced(2, run, program, "3").runOk().stdout();
        assertEquals(sorted(plain), sorted(traced));
        for (Said s : said(traced)) {
            List<String> regions = held(Traces.peFile(run, s.pe())).regions();
            assertEquals(3, regions.stream().filter("begin iteration"::equals).count(), "the tracer's, not the stub's");
        }
    }

    @Test
    void theMergeTheSimulatorAndOtf2CarryTheRegions() throws Exception {
        Path program = compile(false);
        Path dir = Workspace.freshDir("steer-tools");
        Path run = dir.resolve("run");
        Programs.traced(2, run, program, Integer.toString(ITERATIONS)).runOk();
        String text = Command.of(Workspace.DIST.resolve("bin/shmem2psins").toString(), "--text", run.toString()).runOk().stdout();
        assertTrue(text.contains("# region name 3: iteration\n"), text);
        assertEquals(2 * ITERATIONS, text.lines().filter(l -> l.contains(" region_begin ") && l.endsWith(" region=3")).count());

        String csv = Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--csv", run.toString()).runOk().stdout();
        assertEquals(4 * ITERATIONS, csv.lines().filter(l -> l.endsWith(",name=iteration")).count(), "begins and ends, 2 PEs");
        assertEquals(4, csv.lines().filter(l -> l.endsWith(",\"name=(paused)\"") || l.endsWith(",name=(paused)")).count());

        // The measured model replays the run as traced: each region's predicted time is its traced time.
        String sim = Command.of(Workspace.DIST.resolve("bin/shmemsim").toString(), "--comm-model", "measured", run.toString())
                .runOk().stdout();
        Matcher m = Pattern.compile("\n(iteration|solve|\\(paused\\)) +(\\d+) +([0-9.]+) +([0-9.]+) ").matcher(sim);
        Map<String, Long> entered = new TreeMap<>();
        while (m.find()) {
            entered.put(m.group(1), Long.parseLong(m.group(2)));
            double traced = Double.parseDouble(m.group(3)), predicted = Double.parseDouble(m.group(4));
            assertTrue(Math.abs(predicted - traced) <= 0.01 * traced + 2e-6, m.group());
        }
        assertEquals(Map.of("iteration", 2L * ITERATIONS, "solve", 2L, "(paused)", 2L), entered, sim);

        Path archive = dir.resolve("otf2");
        Command.of(Workspace.DIST.resolve("bin/shmem2otf2").toString(), "--output", archive.toString(), run.toString()).runOk();
        String events = Command.of("otf2-print", archive.resolve("traces.otf2").toString()).timeout(300).runOk().stdout();
        for (String kind : List.of("ENTER", "LEAVE")) {
            assertEquals(2 * ITERATIONS, events.lines().filter(l -> l.startsWith(kind) && l.contains("Region: \"iteration\""))
                    .count(), kind);
            assertEquals(2, events.lines().filter(l -> l.startsWith(kind) && l.contains("Region: \"ready\"")).count(), kind);
        }
        String definitions = Command.of("otf2-print", "-G", archive.resolve("traces.otf2").toString()).runOk().stdout();
        assertTrue(definitions.contains("Name: \"iteration\"") && definitions.contains("Role: CODE, Paradigm: USER"),
                definitions);
    }

    /** steer.c built against dist/include/shmemtrace.h: weak symbols, or the stub library. */
    static Path compile(boolean stub) {
        return stub ? Programs.compile("steer", "steer-stub", "-I" + INCLUDE, "-DSHMEMTRACE_NO_WEAK", "-L" + LIB,
                "-lshmemtrace-stub", "-Wl,-rpath," + LIB) : Programs.compile("steer", "steer", "-I" + INCLUDE);
    }

    private static List<Said> said(String stdout) {
        List<Said> out = new ArrayList<>();
        for (String line : stdout.lines().toList()) {
            Matcher m = COUNTS.matcher(line);
            assertTrue(m.matches(), line);
            out.add(new Said(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                    Long.parseLong(m.group(4)), Long.parseLong(m.group(5)), Integer.parseInt(m.group(6))));
        }
        assertEquals(2, out.size(), stdout);
        return out;
    }

    private static Held held(Path file) throws Exception {
        try (TraceFile trace = TraceFile.open(file)) {
            Map<String, Long> recorded = new TreeMap<>();
            List<String> regions = new ArrayList<>();
            trace.read(e -> {
                Operation op = e.def().operation();
                if (!op.isRegion()) {
                    recorded.merge(e.name(), e.calls(), Long::sum);
                } else {
                    String kind = op == Operation.REGION_BEGIN ? "begin" : op == Operation.REGION_END ? "end" : "mark";
                    regions.add(kind + " " + e.regionName());
                }
            });
            assertEquals(List.of(), trace.problems(), file.toString());
            Map<String, List<Long>> counted = new TreeMap<>();
            for (UnrecordedCalls u : trace.unrecorded()) counted.put(u.def().name(), List.of(u.paused(), u.excluded()));
            return new Held(recorded, regions, counted);
        }
    }

    private static String sorted(String lines) {
        return String.join("\n", lines.lines().sorted().toList());
    }
}
