package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.Operation;
import io.shmemtrace.format.read.ProfileEntry;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * SHMEMTRACE_MODE=profile: the same program, traced and profiled under real oshrun, gives per PE the same calls and
 * bytes per function (calls.c: every kind of call, polls among them) and the same regions, marks and paused counts
 * (steer.c); a profile stays small and says what it is; the tools that need a timeline refuse it in one line.
 */
class ProfileModeTest {
    private static final String BIN2TXT = Workspace.DIST.resolve("bin/shmembin2txt").toString();

    @Test
    void aProfileHoldsTheCallsAndBytesOfTheTrace() throws Exception {
        Path program = Programs.compile("calls");
        Path dir = Workspace.freshDir("profile-calls");
        Path traced = dir.resolve("trace"), profiled = dir.resolve("profile");
        Programs.traced(2, traced, program).runOk();
        Programs.traced(2, profiled, program).env("SHMEMTRACE_MODE", "profile").runOk();
        for (int pe = 0; pe < 2; pe++) {
            Path file = Traces.peFile(profiled, pe);
            assertEquals(Traces.callsAndBytes(Traces.peFile(traced, pe)), Traces.callsAndBytes(file), "PE " + pe);
            assertTrue(Files.size(file) <= 64 * 1024, file + ": " + Files.size(file) + " bytes");
            try (TraceFile f = TraceFile.open(file)) {
                assertTrue(f.header().profile());
                assertEquals(List.of(), f.problems());
            }
        }
        String summary = Command.of(BIN2TXT, "--summary", profiled.toString()).runOk().stdout();
        assertTrue(summary.contains("pe00000.shmt: PE 0 of 2, finalized, a profile: "), summary);
        Command.Result merge = Command.of(Workspace.DIST.resolve("bin/shmem2psins").toString(), profiled.toString(), "-o",
                dir.resolve("run.psins").toString()).run();
        assertEquals(1, merge.exitCode());
        assertTrue(merge.stderr().contains("a profile (SHMEMTRACE_MODE=profile) has no timeline to merge"), merge.stderr());
        Path page = dir.resolve("profile.html");
        Command.of(BIN2TXT, "--html", page.toString(), profiled.toString()).runOk();
        assertTrue(Files.readString(page).contains("id=\"no-timeline\""));
        // the matrix: a profile keeps no target PE, and says so with the bytes a trace's matrix holds (issue 42, item 4)
        long matrixBytes = 0;
        String tracedSummary = Command.of(BIN2TXT, "--summary", traced.toString()).runOk().stdout();
        String matrix = tracedSummary.substring(tracedSummary.indexOf("== bytes moved, PE x PE"));
        for (String row : matrix.lines().skip(2).limit(2).toList()) {
            String[] f = row.trim().split("\\s+");
            matrixBytes += Long.parseLong(f[1]) + Long.parseLong(f[2]);
        }
        assertTrue(matrixBytes > 0, matrix);
        String note = "not recorded in a profile: " + matrixBytes + " bytes moved in profiled calls";
        assertTrue(summary.contains("== bytes moved, PE x PE (row: calling PE, column: target PE)\n  " + note), summary);
        assertTrue(Files.readString(page).contains("<p id=\"matrix-not-recorded\">The traffic between PEs is " + note),
                "the page says it, where it drew an empty matrix as none");
    }

    /** crash.c: N calls of shmem_long_p, then a kill, a segfault or an exit without finalize; the profile has them all. */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource({"kill, RUNNING", "segv, RUNNING", "exit, EXITED"})
    void everyCompletedCallSurvivesTheEnd(String mode, io.shmemtrace.format.TraceState state) throws Exception {
        int calls = 3000;
        Path run = Workspace.freshDir("profile-" + mode).resolve("run");
        Programs.traced(1, run, Programs.compile("crash"), mode, Integer.toString(calls)).env("SHMEMTRACE_MODE", "profile")
                .run();
        try (TraceFile f = TraceFile.open(Traces.peFile(run, 0))) {
            assertEquals(state, f.header().state());
            assertEquals(List.of(), f.problems().stream().filter(io.shmemtrace.format.read.TraceProblem::damage).toList());
            ProfileEntry p = f.profile().stream().filter(e -> e.def().name().equals("shmem_long_p")).findFirst().orElseThrow();
            assertEquals(calls, p.calls());
            assertEquals(8L * calls, p.bytes());
            assertEquals(calls, p.histogram()[4], "8 bytes: bucket 4 (8 to 15 bytes)");
        }
    }

    @Test
    void aProfileWithCallSitesGivesMpiPsTable() throws Exception {
        Path run = Workspace.freshDir("profile-sites").resolve("run");
        Programs.traced(2, run, Programs.compile("calls")).env("SHMEMTRACE_MODE", "profile")
                .env("SHMEMTRACE_CALLSITES", "1").runOk();
        String summary = Command.of(BIN2TXT, "--summary", run.toString()).runOk().stdout();
        // calls.c's 37 sites (function and caller's line), the 20 with the most time listed: which 20 depends on the
        // machine's load (a busy one once pushed its 21 shmem_long_p calls out), but shmem_init, hundreds of
        // milliseconds on each PE, is always among them: its two calls, one a PE, at calls.c:47
        assertTrue(summary.contains("== call sites: the 20 of 37 with the most time in SHMEM"), summary);
        assertTrue(java.util.regex.Pattern.compile("\n +[12] shmem_init +2 .* 2  main@calls\\.c:47\n")
                .matcher(summary).find(), summary);
    }

    @Test
    void aProfileKeepsTheRegionsMarksAndPausedCalls() throws Exception {
        Path program = SteeredTraceTest.compile(false);
        Path dir = Workspace.freshDir("profile-steer");
        Path traced = dir.resolve("trace"), profiled = dir.resolve("profile");
        Programs.traced(2, traced, program, "6").runOk();
        Programs.traced(2, profiled, program, "6").env("SHMEMTRACE_MODE", "profile").runOk();
        for (int pe = 0; pe < 2; pe++) {
            Map<String, Long> regions = new TreeMap<>();
            try (TraceFile f = TraceFile.open(Traces.peFile(traced, pe))) {
                f.read(e -> {
                    if (e.def().operation() == Operation.REGION_BEGIN) regions.merge("region " + e.regionName(), 1L, Long::sum);
                    if (e.def().operation() == Operation.MARK) regions.merge("mark " + e.regionName(), 1L, Long::sum);
                });
                Map<String, Long> profiledRegions = new TreeMap<>();
                Path profile = Traces.peFile(profiled, pe);
                assertTrue(Files.size(profile) <= 64 * 1024, profile + ": " + Files.size(profile) + " bytes");
                try (TraceFile p = TraceFile.open(profile)) {
                    for (ProfileEntry e : p.profile()) {
                        if (e.def().operation() == Operation.REGION_BEGIN) profiledRegions.merge("region " + e.region(), e.calls(), Long::sum);
                        if (e.def().operation() == Operation.MARK) profiledRegions.merge("mark " + e.region(), e.calls(), Long::sum);
                    }
                    assertEquals(regions, profiledRegions, "PE " + pe);
                    assertEquals(f.unrecorded(), p.unrecorded(), "PE " + pe + ": the paused calls");
                    // the calls in "iteration": a put and a quiet each time
                    long inIterations = p.profile().stream().filter(e -> "iteration".equals(e.region())
                            && !e.def().operation().isRegion()).mapToLong(ProfileEntry::calls).sum();
                    assertEquals(2 * 6 + 6, inIterations, "long_p, quiet and my_pe, 6 times");
                }
            }
        }
    }

    /**
     * A profile of PEs that never call shmem_finalize (issue 41, item 11): the window runs to each PE's exit, so it
     * holds the program's sleeps and every profiled call (it was 0 ns, or shorter than the time in SHMEM: the last
     * event of a profile is its init).
     */
    @Test
    void aProfileWithoutFinalizeHasTheWindowUpToTheExit() {
        int rounds = 500;
        Path program = Programs.compile("nofinalize");
        Path dir = Workspace.freshDir("profile-no-finalize");
        Programs.traced(2, dir, program, Integer.toString(rounds)).env("SHMEMTRACE_MODE", "profile").runOk();
        Command.Result summary = Command.of(BIN2TXT, "--summary", "--ns", dir.toString()).run();
        assertEquals(0, summary.exitCode(), summary.describe());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\napplication window (\\d+) ns \\(end of shmem_init"
                + " to exit; no shmem_finalize\\): in SHMEM (\\d+) ns").matcher(summary.stdout());
        int pes = 0;
        while (m.find()) {
            long window = Long.parseLong(m.group(1)), inShmem = Long.parseLong(m.group(2));
            assertTrue(window >= rounds * 100_000L, "the sleeps are in it: " + window);
            assertTrue(inShmem <= window, inShmem + " ns in SHMEM > window " + window);
            pes++;
        }
        assertEquals(2, pes, summary.stdout());
    }
}
