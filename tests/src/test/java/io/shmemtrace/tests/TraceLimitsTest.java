package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.read.TraceProblem;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.SizeLimit;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What keeps a trace bounded: polling loops collapsed, and the size limit per PE (SHMEMTRACE_MAX_BYTES). */
class TraceLimitsTest {
    private static final int CALLS = 20_000;

    @Test
    void aPeStopsRecordingAtTheSizeLimitAndCountsTheRest() throws Exception {
        Path dir = Workspace.freshDir("limit");
        Command.Result r = Programs.traced(1, dir, Programs.compile("crash"), "finalize", Integer.toString(CALLS))
                .env("SHMEMTRACE_BLOCK_SIZE", "4096").env("SHMEMTRACE_MAX_BYTES", SizeLimit.SETTING).runOk();
        Path file = Traces.peFile(dir, 0);
        // init, my_pe, the calls and finalize
        Traces.Read t = SizeLimit.assertCapped(file, r.stderr(), CALLS + 3);
        assertEquals(List.of(file + ": the trace reached its size limit (SHMEMTRACE_MAX_BYTES): "
                + t.file().header().droppedEvents() + " later calls were counted, not recorded"),
                t.problems().stream().map(TraceProblem::toString).toList());
    }

    @Test
    void aMillionIdenticalTestCallsBecomeOneEventAndItsCount() throws Exception {
        int n = 1_000_000;
        Path dir = Workspace.freshDir("poll");
        Command.Result r = Programs.traced(1, dir, Programs.compile("poll"), Integer.toString(n)).runOk();
        assertEquals("zeros " + n + " last 1 sum 3\n", r.stdout());
        Path file = Traces.peFile(dir, 0);
        assertTrue(Files.size(file) < 2 << 20, Files.size(file) + " bytes for a million calls");
        List<String> shape = new java.util.ArrayList<>();
        long[] testCalls = {0};
        try (io.shmemtrace.format.read.TraceFile f = io.shmemtrace.format.read.TraceFile.open(file)) {
            f.read(e -> {
                shape.add(e.name() + (e.repeats() > 0 ? " x" + e.repeats() : "")
                        + (e.name().equals("shmem_long_test") ? " result=" + e.value(3) : ""));
                if (e.name().equals("shmem_long_test")) testCalls[0] += e.calls();
                assertTrue(e.callsNs() <= e.durationNs() || e.repeats() == 0, "calls take part of the span");
            });
            assertEquals(List.of(), f.problems());
        }
        assertEquals(List.of("shmem_init", "shmem_my_pe", "shmem_long_test result=0",
                "shmem_long_test x" + (n - 1) + " result=0", "shmem_long_test result=1", "shmem_long_g",
                "shmem_long_g x2", "shmem_finalize"), shape);
        assertEquals(n + 1, testCalls[0]);
        // The summary counts every call.
        String summary = Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--summary", dir.toString())
                .runOk().stdout();
        assertTrue(summary.lines().anyMatch(l -> l.matches("  shmem_long_test +" + (n + 1) + " .*")), summary);
        assertTrue(summary.lines().anyMatch(l -> l.matches("  shmem_long_g +3 .*")), summary);
        // The matrix counts the collapsed calls too: three 8-byte gets of PE 0 from itself.
        Path matrix = dir.resolve("matrix.csv");
        Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--csv", "--matrix", matrix.toString(),
                dir.toString()).runOk();
        assertEquals(List.of("from_pe,to_pe,bytes", "0,0,24"), Files.readAllLines(matrix));
    }
}
