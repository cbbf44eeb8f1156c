package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Recorded;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SHMEM_THREAD_MULTIPLE (tests/src/test/c/threads.c): four threads per PE, no event lost or misplaced. */
class ThreadsTest {
    private static final int NPES = 2;
    private static final int THREADS = 4;
    private static final int CALLS = 5000;

    @Test
    void everyThreadsCallsAreInItsOwnSequence() {
        Path dir = Workspace.freshDir("threads");
        Programs.traced(NPES, dir, Programs.compile("threads"), Integer.toString(THREADS), Integer.toString(CALLS))
                .env("SHMEMTRACE_BLOCK_SIZE", "4096").runOk();
        for (int pe = 0; pe < NPES; pe++) {
            Traces.Read t = Traces.read(Traces.peFile(dir, pe));
            assertEquals(List.of(), t.problems(), "PE " + pe);
            assertEquals(0, t.file().header().droppedEvents());
            List<String> main = t.events().stream().filter(e -> e.thread() == 0).map(Recorded::name).toList();
            assertEquals(List.of("shmem_init_thread", "shmem_my_pe", "shmem_n_pes", "shmem_barrier_all", "shmem_finalize"), main);
            for (int thread = 1; thread <= THREADS; thread++) {
                final int index = thread;
                List<Recorded> events = t.events().stream().filter(e -> e.thread() == index).toList();
                assertEquals(CALLS + 1, events.size(), "PE " + pe + " thread " + thread);
                for (int i = 0; i < CALLS; i++) {
                    Recorded e = events.get(i);
                    assertEquals("shmem_long_p", e.name());
                    assertEquals(i, e.seq());
                    assertEquals((pe + 1) % NPES, e.targetPe());
                }
                assertEquals("shmem_quiet", events.get(CALLS).name());
            }
        }
    }
}
