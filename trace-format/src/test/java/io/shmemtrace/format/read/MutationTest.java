package io.shmemtrace.format.read;

import static io.shmemtrace.format.Fixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.Layout;
import io.shmemtrace.format.testing.Checksums;
import io.shmemtrace.format.testing.Mutator;
import io.shmemtrace.format.write.ThreadWriter;
import io.shmemtrace.format.write.TraceWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Thousands of damaged copies of a valid trace, made by a seeded mutator: every one ends in events plus a
 * list of problems, or in one TraceFormatException line naming the file; never another exception or a hang.
 * Half the copies get their checksums recomputed after the damage, so that garbage gets past the CRCs into
 * the header checks, the event-table decoder and the block decoder.
 */
class MutationTest {
    private static final int INPUTS = 4000;
    private static final long SEED = 0x5348_4D54L;

    @TempDir
    Path dir;

    @Test
    void everyMutatedTraceEndsInEventsOrOneError() throws Exception {
        byte[] valid = validTrace();
        Path f = dir.resolve("pe00001.shmt");
        Mutator mutator = new Mutator(SEED, Layout.PAGE);
        int[] outcomes = new int[3]; // read cleanly, read with problems, refused
        assertTimeoutPreemptively(Duration.ofMinutes(3), () -> {
            for (int i = 0; i < INPUTS; i++) {
                byte[] bytes = mutator.mutate(valid);
                if (mutator.coin()) Checksums.fix(bytes);
                Files.write(f, bytes);
                String what = "input " + i + " of seed " + SEED;
                try (TraceFile t = TraceFile.open(f)) {
                    long[] events = {0};
                    t.read(e -> events[0]++);
                    outcomes[t.problems().isEmpty() ? 0 : 1]++;
                    for (TraceProblem p : t.problems()) {
                        assertTrue(p.toString().startsWith(f.toString()), what + ": " + p);
                        assertFalse(p.toString().contains("\n"), what + ": " + p);
                    }
                } catch (TraceFormatException e) {
                    outcomes[2]++;
                    assertTrue(e.getMessage().startsWith(f + ": "), what + ": " + e.getMessage());
                    assertFalse(e.getMessage().contains("\n"), what + ": " + e.getMessage());
                } catch (Throwable e) {
                    throw new AssertionError(what + " escaped the reader", e);
                }
            }
        });
        System.out.printf("MutationTest: %d inputs: %d read cleanly, %d read with problems, %d refused%n", INPUTS,
                outcomes[0], outcomes[1], outcomes[2]);
        assertEquals(INPUTS, outcomes[0] + outcomes[1] + outcomes[2]);
        assertTrue(outcomes[1] > INPUTS / 10 && outcomes[2] > INPUTS / 10, "the mutations reach both outcomes");
    }

    /**
     * A trace pulled an event at a time ({@link TraceFile#events}, what a replay of a run directory reads each task
     * through) gives what {@link TraceFile#read} gives, and the same problems, whatever the damage: through windows
     * of 1 to 64 bytes, so that events straddle windows and outgrow them (decoded again from their start).
     */
    @Test
    void pulledEventsAreReadEventsWhateverTheDamage() throws Exception {
        byte[] valid = validTrace();
        Path f = dir.resolve("pe00002.shmt");
        Mutator mutator = new Mutator(SEED + 1, Layout.PAGE);
        int compared = 0;
        for (int i = 0; i < INPUTS / 4; i++) {
            byte[] bytes = i == 0 ? valid : mutator.mutate(valid);
            if (mutator.coin()) Checksums.fix(bytes);
            Files.write(f, bytes);
            StringBuilder read = new StringBuilder();
            StringBuilder pulled = new StringBuilder();
            String readProblems;
            try (TraceFile t = TraceFile.open(f)) {
                t.read(e -> describe(e, read));
                readProblems = t.problems().toString();
            } catch (TraceFormatException e) {
                continue;
            }
            try (TraceFile t = TraceFile.open(f)) {
                TraceFile.Events events = t.events(1 + i % 64);
                for (TraceEvent e = events.next(); e != null; e = events.next()) describe(e, pulled);
                assertEquals(readProblems, t.problems().toString(), "input " + i);
            }
            assertEquals(read.toString(), pulled.toString(), "input " + i);
            compared++;
        }
        assertTrue(compared > INPUTS / 8, compared + " inputs compared");
    }

    private static void describe(TraceEvent e, StringBuilder out) {
        out.append(e.thread()).append(' ').append(e.seq()).append(' ').append(e.name()).append(' ').append(e.startUnits())
                .append(' ').append(e.endUnits()).append(' ').append(e.repeats()).append(' ').append(e.repeatCallsUnits());
        if (e.repeats() == 0) {
            for (int f = 0; f < e.def().fields().size(); f++) out.append(' ').append(e.value(f));
        }
        out.append('\n');
    }

    /** Two threads, several 4 KiB blocks, every field kind. */
    private byte[] validTrace() throws Exception {
        Path f = dir.resolve("valid.shmt");
        try (TraceWriter w = create(f, 1, 4096)) {
            for (int t = 0; t < 2; t++) {
                ThreadWriter out = w.thread(t);
                for (int i = 0; i < 600; i++) {
                    long at = BASE_UNITS + 50L * i;
                    switch (i % 3) {
                        case 0 -> out.event(P, at, at + 4, 0x1000 + 8L * i, i, i % 4);
                        case 1 -> out.event(PUT, at, at + 9, 0x2000 + 64L * i, 0x7000, 8, (i + 1) % 4);
                        default -> out.event(ALL_KINDS, at, at + 2, i, 3, 0x3000, 0x4000, -i, 7, 0, 0, 0, 4, 2,
                                0x99, 1, i, 0, 0x5555_556a_8010L);
                    }
                }
            }
        }
        return Files.readAllBytes(f);
    }
}
