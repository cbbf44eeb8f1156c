package io.shmemtrace.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shmemtrace.agent.hooks.AgentEvents;
import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.TraceState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Threads recording at once into one PE's Java layer: every event, in each thread's order, none lost. */
class JavaTracerThreadsTest {
    private static final int THREADS = 4;
    private static final int EVENTS = 50_000;

    @Test
    void concurrentThreadsLoseNoEvent() throws Exception {
        int quiet = id("shmem_quiet");
        int put = id("shmem_long_put");
        JavaTracer.start(0, 1, System.nanoTime());
        CountDownLatch go = new CountDownLatch(1);
        Thread[] threads = new Thread[THREADS];
        for (int t = 0; t < THREADS; t++) {
            int me = t;
            threads[t] = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < EVENTS; i++) {
                    long start = JavaTracer.now();
                    if (i % 2 == 0) {
                        JavaTracer.record(quiet, start);
                    } else {
                        JavaTracer.record(put, start, me, i, 0x1000L * me + i);
                    }
                }
            });
            threads[t].start();
        }
        go.countDown();
        for (Thread t : threads) t.join();
        JavaTracer.finish();

        Path file = Path.of(System.getenv("SHMEMTRACE_DIR")).resolve("pe00000.java.shmt");
        long[] perThread = new long[THREADS + 1];
        long[] lastSeq = new long[THREADS + 1];
        java.util.Arrays.fill(lastSeq, -1);
        int[] wrong = {0};
        try (TraceFile f = TraceFile.open(file)) {
            assertEquals(TraceState.FINALIZED, f.header().state());
            f.read(e -> {
                perThread[e.thread()]++;
                if (e.seq() != lastSeq[e.thread()] + 1) wrong[0]++;
                lastSeq[e.thread()] = e.seq();
                if (e.name().equals("shmem_long_put") && (e.value(2) - e.value(1)) % 0x1000L != 0) wrong[0]++;
            });
            assertEquals(List.of(), f.problems());
            assertEquals((long) THREADS * EVENTS, f.eventsRead());
        }
        assertEquals(0, wrong[0], "events out of order or with another thread's fields");
        long threadsWithAll = java.util.Arrays.stream(perThread).filter(n -> n == EVENTS).count();
        assertEquals(THREADS, threadsWithAll, java.util.Arrays.toString(perThread));
        Files.delete(file);
    }

    private static int id(String name) {
        return AgentEvents.table().events().stream().filter(e -> e.name().equals(name)).mapToInt(EventDef::id)
                .findFirst().orElseThrow();
    }
}
