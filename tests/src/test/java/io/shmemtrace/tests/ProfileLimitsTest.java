package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shmemtrace.format.Operation;
import io.shmemtrace.format.read.ProfileEntry;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * What a profile keeps of deep and unfinished regions (issue 41, item 7), under real oshrun: a region nested 200 deep
 * is entered 200 times (it was 63: 64 levels were kept), a region still open at shmem_finalize is there (it was
 * missing), and the calls inside are the trace's.
 */
class ProfileLimitsTest {
    @Test
    void deepAndUnfinishedRegionsAreAllCounted() throws Exception {
        int depth = 200;
        Path program = Programs.compile("deepregions", "deepregions", "-I" + Workspace.DIST.resolve("include"));
        Path dir = Workspace.freshDir("deep-regions");
        Programs.traced(1, dir, program, Integer.toString(depth)).env("SHMEMTRACE_MODE", "profile").runOk();
        try (TraceFile f = TraceFile.open(Traces.peFile(dir, 0))) {
            assertEquals(List.of(), f.problems());
            assertEquals(0, f.header().droppedEvents());
            Map<String, Long> entered = new TreeMap<>();
            long quiets = 0;
            for (ProfileEntry e : f.profile()) {
                if (e.def().operation() == Operation.REGION_BEGIN) entered.merge(e.region(), e.calls(), Long::sum);
                if (e.def().name().equals("shmem_quiet")) quiets += e.calls();
            }
            assertEquals(Map.of("level", (long) depth, "unfinished", 1L), entered);
            assertEquals(depth + 1, quiets);
        }
    }
}
