package io.shmemtrace.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shmemtrace.bench.calibrate.FasterOfTwo;
import io.shmemtrace.bench.run.Row;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Two processes' measurements of the same cases: row by row the faster; where one was in a slow mode, the row's high end
 * is that mode and a note says so.
 */
class FasterOfTwoTest {
    private static Row row(String api, String variant, long bytes, double medianUs) {
        return new Row(5, api, "C", variant, 1, 1, bytes, 30, medianUs, medianUs, medianUs, 0.01);
    }

    private static Row queue(String variant, long depth, double medianUs) {
        return new Row(5, "shmem_long_atomic_add", "C", variant, 1, 1, 8, 5, medianUs, medianUs, medianUs, 0.01, depth);
    }

    @Test
    void keepsTheQueuesPostsAndDrainFromTheProcessWhoseTwoTogetherWereFaster() {
        // at 65,536 deep, one process saw the atomics sent as posted (6.0 us a post, 2.6 a drain: 8.6), the other
        // queued (0.8 and 5.7: 6.5); the faster of each alone, 0.8 and 2.6, is a pair neither measured
        List<Row> first = List.of(queue("posted", 65536, 6.0), queue("drained", 65536, 2.6), queue("posted", 16, 1.0),
                queue("drained", 16, 1.0));
        List<Row> second = List.of(queue("posted", 65536, 0.8), queue("drained", 65536, 5.7), queue("posted", 16, 1.1),
                queue("drained", 16, 0.7));
        List<String> notes = new ArrayList<>();
        FasterOfTwo.Kept kept = FasterOfTwo.of(first, second, notes::add);
        assertEquals(List.of(0.8, 5.7, 1.1, 0.7), kept.rows().stream().map(Row::medianUs).toList());
        assertEquals(List.of(), notes, "6.5 against 8.6 together, and 1.8 against 2.0: one mode each");
    }

    @Test
    void keepsTheFasterRowAndNotesASlowMode() {
        List<Row> first = List.of(row("shmem_long_atomic_add", "stream", 8, 1.25), row("shmem_long_p", "stream", 8, 0.27),
                row("shmem_long_g", "return", 8, 0.75));
        List<Row> second = List.of(row("shmem_long_atomic_add", "stream", 8, 0.29), row("shmem_long_p", "stream", 8, 0.28),
                row("shmem_putmem", "stream", 64, 0.3));
        List<String> notes = new ArrayList<>();
        FasterOfTwo.Kept kept = FasterOfTwo.of(first, second, notes::add);
        assertEquals(List.of(0.29, 0.27, 0.75, 0.3), kept.rows().stream().map(Row::medianUs).toList());
        // the row in two modes: its high end is the slow mode's median, and it is marked as a mode
        assertEquals(List.of(1.25, 0.27, 0.75, 0.3), kept.rows().stream().map(Row::maxUs).toList());
        assertEquals(List.of(1.25, 0.27, 0.75, 0.3), kept.rows().stream().map(Row::highUs).toList());
        assertEquals(List.of(kept.rows().get(0)), List.copyOf(kept.modes()));
        assertEquals(List.of("shmem_long_atomic_add stream 8 B: 1.2500 us in one process, 0.2900 in the other"
                + " (the faster kept, the slower as its high end)"), notes);
    }
}
