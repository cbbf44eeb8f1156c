package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Pure queries repeated with the same result collapse like polls (issue 24 item 5: a thread spinning on
 * shmem_query_thread wrote 108 M events in 2 s): every call is counted, a handful of events hold them.
 */
class SpinQueryTest {
    private static final long N = 200_000;

    @Test
    void spinningOnAQueryIsEveryCallInAFewEvents() throws Exception {
        Path dir = Workspace.freshDir("spinquery");
        Programs.traced(2, dir, Programs.compile("spinquery"), Long.toString(N)).runOk();
        for (int pe = 0; pe < 2; pe++) {
            Map<String, long[]> seen = new TreeMap<>(); // name -> {events, calls}
            try (TraceFile f = TraceFile.open(Traces.peFile(dir, pe))) {
                f.read(e -> {
                    long[] c = seen.computeIfAbsent(e.name(), k -> new long[2]);
                    c[0]++;
                    c[1] += e.calls();
                });
            }
            for (String q : new String[] {"shmem_query_thread", "shmem_pe_accessible"}) {
                assertEquals(N, seen.get(q)[1], "PE " + pe + ": every " + q + " counted");
                assertTrue(seen.get(q)[0] <= 8, "PE " + pe + ": " + seen.get(q)[0] + " events for " + N + " " + q);
            }
        }
    }
}
