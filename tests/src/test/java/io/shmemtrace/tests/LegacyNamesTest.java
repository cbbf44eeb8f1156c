package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.read.ProfileEntry;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.UnrecordedCalls;
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
 * The pre-1.0 names (shmalloc, shfree, _my_pe, _num_pes) are functions as the others (issue 41, item 11): profile mode
 * profiles them (they were recorded as full events: a loop of 100,000 shmalloc/shfree made a 1.35 MB profile), and
 * SHMEMTRACE_EXCLUDE leaves them out (it ignored them without a word). legacy.c makes N calls of each.
 */
class LegacyNamesTest {
    private static final int CALLS = 20_000;
    private static final List<String> LEGACY = List.of("_my_pe", "_num_pes", "shfree", "shmalloc");

    @Test
    void aProfileProfilesThePre10Names() throws Exception {
        Path dir = Workspace.freshDir("legacy-profile");
        Programs.traced(1, dir, Programs.compile("legacy"), Integer.toString(CALLS)).env("SHMEMTRACE_MODE", "profile")
                .runOk();
        Path file = Traces.peFile(dir, 0);
        try (TraceFile f = TraceFile.open(file)) {
            Map<String, Long> profiled = new TreeMap<>();
            for (ProfileEntry e : f.profile()) {
                if (LEGACY.contains(e.def().name())) profiled.merge(e.def().name(), e.calls(), Long::sum);
            }
            assertEquals(Map.of("_my_pe", (long) CALLS, "_num_pes", (long) CALLS, "shfree", (long) CALLS, "shmalloc",
                    (long) CALLS), profiled);
        }
        Traces.Counted events = Traces.count(file);
        assertEquals(0, LEGACY.stream().mapToLong(events::of).sum(), "no event for a profiled call: " + events.calls());
        assertTrue(Files.size(file) <= 64 * 1024, Files.size(file) + " bytes");
    }

    @Test
    void exclusionLeavesOutThePre10Names() throws Exception {
        Path dir = Workspace.freshDir("legacy-exclude");
        Command.Result r = Programs.traced(1, dir, Programs.compile("legacy"), Integer.toString(CALLS))
                .env("SHMEMTRACE_EXCLUDE", "shmalloc,shfree").runOk();
        assertEquals(List.of(), r.stderr().lines().filter(l -> l.contains("selects no")).toList(), r.describe());
        Path file = Traces.peFile(dir, 0);
        Traces.Counted events = Traces.count(file);
        assertEquals(List.of(0L, 0L, (long) CALLS, (long) CALLS), List.of(events.of("shmalloc"), events.of("shfree"),
                events.of("_my_pe"), events.of("_num_pes")));
        try (TraceFile f = TraceFile.open(file)) {
            Map<String, Long> excluded = new TreeMap<>();
            for (UnrecordedCalls u : f.unrecorded()) excluded.put(u.def().name(), u.excluded());
            assertEquals(Map.of("shfree", (long) CALLS, "shmalloc", (long) CALLS), excluded);
        }
    }
}
