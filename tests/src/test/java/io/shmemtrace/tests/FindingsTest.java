package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Json;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * shmemtrace findings on real runs of planted problems (examples/c/imbalance.c: one PE, chosen by its argument,
 * with three times the others' work in region "solve"; lateflag.c and hotlock.c: waits another PE's computation could
 * have spared; smallputs.c and reductions.c: loops of calls one call could do):
 * a finding names the planted problem, PEs and region, and prices its fix; the critical path is the window; the
 * causes of the waits never exceed them. Where the planted finding ranks depends on the machine: on a quiet one it
 * is first, but with both cores busy the PEs' polling in barriers and locks stretches the calls until an ideal
 * network saves more than the fix (seen in a suite run beside two busy loops). So the tests assert what the trace
 * fixes, whatever the load; scripts/validate-findings.sh, on a quiet machine, checks the ranking and the gains
 * against the fixes made for real. (Whether the fixed variant still shows an imbalance depends on how busy the
 * machine is too: no test asserts it.)
 */
class FindingsTest {
    private static final String SHMEMTRACE = Workspace.DIST.resolve("bin/shmemtrace").toString();

    @ParameterizedTest(name = "{0} PEs, PE {1} slow")
    @CsvSource({"2, 0", "2, 1", "4, 2"})
    void theFirstFindingIsThePlantedImbalance(int np, int slow) throws Exception {
        // PEs that time-share cores stretch one another's bursts: what is traced is no longer the work planted
        int cores = Runtime.getRuntime().availableProcessors();
        org.junit.jupiter.api.Assumptions.assumeTrue(np <= cores, () -> {
            System.out.println("FindingsTest: " + np + " PEs on " + cores + " cores time-share them: skipped");
            return "fewer cores than PEs";
        });
        Path dir = Workspace.freshDir("findings-" + np + "-" + slow);
        Path trace = dir.resolve("trace");
        Path program = Programs.example("examples/c/imbalance.c", "-I" + Workspace.DIST.resolve("include"));
        // work of a few ms a step; the planted PE has three times the others' work: bursts are wall time, and on a
        // busy machine another PE's may stretch, but not threefold for long
        Programs.traced(np, trace, program, "20", "1000000", Integer.toString(slow), "200").runOk();
        Path json = dir.resolve("findings.json");
        Command.Result r = Command.of(SHMEMTRACE, "findings", "-q", "--json", json.toString(), trace.toString()).run();
        assertEquals(0, r.exitCode(), r.describe());
        String j = Files.readString(json);
        String first = finding(j, "imbalance");
        java.util.regex.Matcher pes = java.util.regex.Pattern.compile("\"pes\" : \\[ ([0-9, ]*) \\],\\s*\"region\" : \"solve\",")
                .matcher(first);
        assertTrue(pes.find(), j);
        assertEquals(Integer.toString(slow), pes.group(1), j);
        assertTrue(r.stdout().matches("(?s).*\n[0-9]+\\. imbalance: PE " + slow + " computes .*"), r.stdout());
        // the first root cause of the waits is the planted work: PE slow computing in region solve
        assertTrue(j.matches("(?s).*\"root_causes\" : \\[ \\{\\s*\"pe\" : " + slow
                + ",\\s*\"activity\" : \"computing in region solve\".*"), j);
        // numbers that add up: the critical path is the window; the causes explain no more than the waits
        assertEquals(Json.number(j, "window_s"), Json.number(j, "critical_path_s"), 1e-9);
        double waits = Json.number(j, "waits_s"), explained = Json.number(j, "waits_explained_s");
        assertTrue(explained <= waits + 1e-12, explained + " explained of " + waits);
        assertEquals(explained, Json.number(j, "direct_delay_s") + Json.number(j, "propagated_delay_s"), 1e-9);
        double gain = Json.number(first, "predicted_gain_s");
        assertTrue(gain > 0 && gain < Json.number(j, "window_s"), j);

        // the same list heads the summary and the report page
        String bin2txt = Workspace.DIST.resolve("bin/shmembin2txt").toString();
        String summary = Command.of(bin2txt, "--summary", trace.toString()).runOk().stdout();
        assertTrue(summary.startsWith("== findings\n"), summary);
        assertTrue(summary.matches("(?s).*\n[0-9]+\\. imbalance: PE " + slow + " computes .*"), summary);
        Path page = dir.resolve("page.html");
        Command.of(bin2txt, "--html", page.toString(), trace.toString()).runOk();
        String html = Files.readString(page);
        int listed = html.indexOf("<li data-kind=\"imbalance\" data-pes=\"" + slow + "\" data-region=\"solve\"");
        assertTrue(listed > 0 && listed < html.indexOf("<h2>Job</h2>"), "the findings first on the page");
    }

    /**
     * Waits another PE's computation could have spared (examples/c/lateflag.c: PE 0 prepares its next step before
     * writing the flag the others wait for; hotlock.c: every PE computes while holding a lock): a finding names
     * the writer or the holders, the region of the computation, and prices moving it past the write or out of the
     * critical section.
     */
    @ParameterizedTest(name = "{0}, {1} PEs")
    @CsvSource({"lateflag, 2, late-writer, 0, prepare, defer:prepare:0",
                "hotlock, 2, lock-contention, '', update, defer:update",
                "lateflag, 4, late-writer, 0, prepare, defer:prepare:0",
                "hotlock, 4, lock-contention, '', update, defer:update"})
    void theFirstFindingIsThePlantedWait(String example, int np, String kind, String pes, String region, String fix)
            throws Exception {
        String j = findingsOf(example, np, List.of("20", "2000000"), false); // work of 4-8 ms a step: the planted
        // wait dwarfs what a busy machine adds to the calls (with 1-2 ms a step, the network bound ranked first at load 3)
        String first = finding(j, kind);
        java.util.regex.Matcher where = java.util.regex.Pattern.compile("\"pes\" : \\[ ([0-9, ]*) \\],\\s*\"region\" : \""
                + region + "\",").matcher(first);
        assertTrue(where.find(), j);
        if (!pes.isEmpty()) assertEquals(pes, where.group(1), j); // the writer; a lock's holders are whoever held it
        assertTrue(first.contains("\"what_if\" : \"" + fix + "\""), j);
        double gain = Json.number(first, "predicted_gain_s");
        assertTrue(gain > 0 && gain < Json.number(j, "window_s"), j);
        assertEquals(Json.number(j, "window_s"), Json.number(j, "critical_path_s"), 1e-9);
        double waits = Json.number(j, "waits_s"), explained = Json.number(j, "waits_explained_s");
        assertTrue(explained <= waits + 1e-12, explained + " explained of " + waits);
    }

    /**
     * Loops of calls one call could do (examples/c/smallputs.c: a halo sent one word at a time with shmem_long_p;
     * reductions.c: a reduction per value): a finding names them, every PE, the region and the call site, and
     * prices merging each loop's calls into one.
     */
    @ParameterizedTest(name = "{0}, {1} PEs")
    @CsvSource({"smallputs, 2, 50 4096 20000, small-transfers, exchange, shmem_long_p",
                "reductions, 2, 100 64 20000, repeated-collectives, reduce, shmem_long_sum_to_all",
                "smallputs, 4, 50 4096 20000, small-transfers, exchange, shmem_long_p",
                "reductions, 4, 100 64 20000, repeated-collectives, reduce, shmem_long_sum_to_all"})
    void theFirstFindingIsThePlantedLoopOfCalls(String example, int np, String args, String kind, String region,
                                                String call) throws Exception {
        String j = findingsOf(example, np, List.of(args.split(" ")), true);
        String first = finding(j, kind);
        java.util.regex.Matcher where = java.util.regex.Pattern.compile("\"pes\" : \\[ ([0-9, ]*) \\],\\s*\"region\" : \""
                + region + "\",\\s*\"site\" : \"main@" + example + ".c:[0-9]+\"").matcher(first);
        assertTrue(where.find(), j);
        java.util.List<Integer> pes = new java.util.ArrayList<>();
        for (String pe : where.group(1).split(", ")) pes.add(Integer.parseInt(pe));
        java.util.Collections.sort(pes);
        assertEquals(java.util.stream.IntStream.range(0, np).boxed().toList(), pes, j); // every PE makes them
        assertTrue(first.contains("\"what_if\" : \"aggregate:" + call + ":" + region + "\""), j);
        double gain = Json.number(first, "predicted_gain_s");
        assertTrue(gain > 0 && gain < Json.number(j, "window_s"), j);
        assertEquals(Json.number(j, "window_s"), Json.number(j, "critical_path_s"), 1e-9);
    }

    /**
     * examples/c/EXAMPLE.c traced on np PEs (with call sites if asked), and the JSON of its findings; skipped with one
     * line where the machine has fewer cores than PEs (PEs that time-share cores stretch one another's bursts).
     */
    private static String findingsOf(String example, int np, List<String> args, boolean callsites) throws Exception {
        int cores = Runtime.getRuntime().availableProcessors();
        org.junit.jupiter.api.Assumptions.assumeTrue(np <= cores, () -> {
            System.out.println("FindingsTest: " + example + " at " + np + " PEs on " + cores + " cores: skipped");
            return "fewer cores than PEs";
        });
        Path dir = Workspace.freshDir("findings-" + example + "-" + np);
        Path trace = dir.resolve("trace");
        Path program = Programs.example("examples/c/" + example + ".c", "-I" + Workspace.DIST.resolve("include"));
        Command traced = Programs.traced(np, trace, program, args.toArray(String[]::new));
        (callsites ? traced.env("SHMEMTRACE_CALLSITES", "1") : traced).runOk();
        Path json = dir.resolve("findings.json");
        Command.Result r = Command.of(SHMEMTRACE, "findings", "-q", "--json", json.toString(), trace.toString()).run();
        assertEquals(0, r.exitCode(), r.describe());
        return Files.readString(json);
    }

    /** The findings from the first of kind on, which must be there. */
    private static String finding(String json, String kind) {
        String findings = json.substring(json.indexOf("\"findings\""));
        int at = findings.indexOf("\"kind\" : \"" + kind + "\",");
        assertTrue(at >= 0, "no " + kind + " finding:\n" + json);
        return findings.substring(at);
    }
}
