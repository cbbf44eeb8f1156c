package io.shmemtrace.format.write;

import static io.shmemtrace.format.Fixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.Fixtures.Ev;
import io.shmemtrace.format.Fixtures.Read;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.io.TempDir;

/**
 * close() while other threads are recording (a JVM's shutdown hook, the agent's finalize): every block comes
 * out sealed and intact, each thread's events are a gapless prefix of what it wrote, whole events only, and
 * the threads writing on after the close are not disturbed.
 */
class CloseRaceTest {
    private static final int THREADS = 4;

    @TempDir
    Path dir;

    @RepeatedTest(20)
    void closingWhileThreadsWriteSealsWholeEventsOnly() throws Exception {
        Path f = dir.resolve("pe00000.shmt");
        TraceWriter w = create(f, 0, 4096); // small blocks: threads also seal and open blocks during the race
        CountDownLatch running = new CountDownLatch(THREADS);
        AtomicLong[] written = new AtomicLong[THREADS];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            ThreadWriter out = w.thread(t);
            AtomicLong n = written[t] = new AtomicLong();
            Thread thread = new Thread(() -> {
                running.countDown();
                try {
                    long closedAt = -1;
                    for (long i = 0; closedAt < 0 || i < closedAt + 1000; i++) { // writes on past the close
                        out.event(P, BASE_UNITS + 10 * i, BASE_UNITS + 10 * i + 3, 0x1000 + 8 * (i % 64), i, i % 4);
                        n.set(i + 1);
                        if (closedAt < 0 && w.isClosed()) closedAt = i;
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            threads.add(thread);
            thread.start();
        }
        running.await();
        // Close in the middle of the writing: once every thread has written some (a sleep instead left the threads
        // unscheduled on a busy machine now and then, and nothing was written before the close).
        for (int t = 0; t < THREADS; t++) {
            while (written[t].get() < 100 && threads.get(t).isAlive()) Thread.onSpinWait(); // a failed thread: asserted below
        }
        w.close();
        for (Thread t : threads) t.join();

        assertEquals(null, failure.get(), "a writing thread saw the close");
        Read r = read(f);
        assertEquals(List.of(), r.problems(), "no damaged or unsealed block");
        long total = 0;
        for (int t = 0; t < THREADS; t++) {
            List<Ev> events = r.thread(t);
            assertTrue(events.size() <= written[t].get());
            total += events.size();
            for (int i = 0; i < events.size(); i++) {
                Ev e = events.get(i);
                assertEquals(i, e.seq(), "thread " + t + ": no event lost before the last one kept");
                assertEquals(List.of(0x1000L + 8 * (i % 64), (long) i, (long) (i % 4)), e.values());
            }
        }
        assertTrue(total >= THREADS * 100L, "the events written before the close are kept");
    }
}
