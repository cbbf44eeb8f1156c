package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Recorded;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * SHMEM_THREAD_MULTIPLE (tests/src/test/c/threads.c): four threads per PE, no event lost or misplaced. A thread
 * number is a slot: a thread that starts after another ended may take its number and go on in its sequence (the
 * README's "Threads"), so each worker slot holds one or more whole threads' calls, in order.
 */
class ThreadsTest {
    private static final int NPES = 2;
    private static final int THREADS = 4;
    private static final int CALLS = 5000;

    @Test
    void everyThreadsCallsAreInItsOwnSequence() {
        Path dir = Workspace.freshDir("threads");
        Programs.traced(NPES, dir, Programs.compile("threads"), Integer.toString(THREADS), Integer.toString(CALLS))
                .env("SHMEMTRACE_BLOCK_SIZE", "4096").runOk();
        int[] slots = new int[NPES];
        for (int pe = 0; pe < NPES; pe++) {
            Traces.Read t = Traces.read(Traces.peFile(dir, pe));
            assertEquals(List.of(), t.problems(), "PE " + pe);
            assertEquals(0, t.file().header().droppedEvents());
            List<String> main = t.events().stream().filter(e -> e.thread() == 0).map(Recorded::name).toList();
            assertEquals(List.of("shmem_init_thread", "shmem_my_pe", "shmem_n_pes", "shmem_barrier_all", "shmem_finalize"), main);
            int threadsSeen = 0;
            for (int thread = 1; thread <= THREADS; thread++) {
                final int index = thread;
                List<Recorded> events = t.events().stream().filter(e -> e.thread() == index).toList();
                if (events.isEmpty()) continue;
                slots[pe] = thread;
                assertEquals(0, events.size() % (CALLS + 1), "PE " + pe + " thread " + thread + ": whole threads");
                for (int i = 0; i < events.size(); i++) {
                    Recorded e = events.get(i);
                    assertEquals(i, e.seq());
                    if (i % (CALLS + 1) == CALLS) {
                        assertEquals("shmem_quiet", e.name());
                        threadsSeen++;
                    } else {
                        assertEquals("shmem_long_p", e.name());
                        assertEquals((pe + 1) % NPES, e.targetPe());
                    }
                }
            }
            assertEquals(THREADS, threadsSeen, "PE " + pe + ": every thread's calls, once");
        }
        // the summary against the thread-time (window x threads): no share above 100 %, no negative computing,
        // and a line per thread, its calls' time as in the trace
        String summary = Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--summary", "--ns", dir.toString())
                .runOk().stdout();
        Matcher share = Pattern.compile("in SHMEM \\d+ ns \\((\\d+\\.\\d)%\\), computing (-?\\d+) ns").matcher(summary);
        int windows = 0;
        while (share.find()) {
            windows++;
            assertTrue(Double.parseDouble(share.group(1)) <= 100.0, share.group());
            assertTrue(Long.parseLong(share.group(2)) >= 0, share.group());
        }
        assertEquals(NPES + 1, windows, "each PE and the job");
        for (int pe = 0; pe < NPES; pe++) {
            Traces.Read t = Traces.read(Traces.peFile(dir, pe));
            String section = summary.substring(summary.indexOf("== PE " + pe));
            for (int thread = 1; thread <= slots[pe]; thread++) {
                final int index = thread;
                long ns = t.events().stream().filter(e -> e.thread() == index).mapToLong(Recorded::durationNs).sum();
                assertTrue(section.contains("  thread " + thread + ": in SHMEM " + ns + " ns ("), "PE " + pe + " thread "
                        + thread + ": " + ns);
            }
        }
    }
}
