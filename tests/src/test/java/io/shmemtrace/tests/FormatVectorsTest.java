package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceFormatException;
import io.shmemtrace.format.read.TraceProblem;
import io.shmemtrace.format.TraceState;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Recorded;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The C writer's test vectors (native-shim/test/vector_writer.c) read back exactly by the Java reader,
 * and damaged copies of them give clear problems while every intact block is still read.
 */
class FormatVectorsTest {
    private static final long BASE = 0x7f0000001000L;
    private static final int BLOCK = 4096;
    private static Path dir;

    @BeforeAll
    static void write() {
        dir = Workspace.freshDir("vectors");
        Path writer = Workspace.ROOT.resolve("native-shim/target/vector_writer");
        Command.of(writer.toString(), dir.toString(), "0", "finalize").runOk();
        Command.of(writer.toString(), dir.toString(), "1", "unsealed").runOk();
    }

    /** The sequence vector_writer.c documents, thread 0 then thread 1. */
    private static void assertVectorEvents(List<Recorded> events, int pe, int thread0Count, int thread1Count) {
        List<Recorded> t0 = events.stream().filter(e -> e.thread() == 0).toList();
        List<Recorded> t1 = events.stream().filter(e -> e.thread() == 1).toList();
        assertEquals(thread0Count, t0.size());
        assertEquals(thread1Count, t1.size());
        for (int i = 0; i < t0.size(); i++) {
            Recorded e = t0.get(i);
            long start = 1000 + 100L * i;
            assertEquals(i, e.seq());
            assertEquals(pe, e.pe());
            assertEquals(start, e.startUnits(), "start of event " + i);
            assertEquals(start + 40 + i % 7, e.endUnits(), "end of event " + i);
            assertEquals(i == 0 ? 0 : 100 - 40 - (i - 1) % 7, e.burstUnits(), "burst of event " + i);
            if (i % 4 == 3) {
                assertEquals("shmem_ctx_long_put", e.name());
                assertEquals(List.of((long) (i % 3), 1000L * i, BASE + 64L * i, 0x5000L + 0x100L * (i % 2)),
                        List.copyOf(e.fields().values()), "event " + i);
                assertEquals(8000L * i, e.bytes());
            } else {
                assertEquals("shmem_long_p", e.name());
                assertEquals(List.of((long) (i % 5 - 2), BASE + 8L * ((37L * i) % 11), i - 300L),
                        List.copyOf(e.fields().values()), "event " + i);
                assertEquals(8, e.bytes());
            }
        }
        for (int j = 0; j < t1.size(); j++) {
            Recorded e = t1.get(j);
            assertEquals("shmem_quiet", e.name());
            assertEquals(j, e.seq());
            assertEquals(2000 + 50L * j, e.startUnits());
            assertEquals(2000 + 50L * j + 5 + j % 3, e.endUnits());
        }
    }

    @Test
    void sealedVectorReadsBackExactly() {
        Traces.Read t = Traces.read(Traces.peFile(dir, 0));
        assertEquals(List.of(), t.problems());
        assertEquals(TraceState.FINALIZED, t.file().header().state());
        assertEquals(0, t.file().header().pe());
        assertEquals(2, t.file().header().npes());
        assertEquals(BLOCK, t.file().header().blockSize());
        assertEquals(0, t.file().header().tickShift());
        assertEquals(1, t.file().header().writer());
        assertEquals(100000, t.file().header().finalTicks());
        assertVectorEvents(t.events(), 0, 600, 300);
    }

    @Test
    void unsealedVectorOfAKilledProcessReadsBackWhole() {
        Traces.Read t = Traces.read(Traces.peFile(dir, 1));
        assertEquals(TraceState.RUNNING, t.file().header().state());
        assertVectorEvents(t.events(), 1, 600, 300);
        assertEquals(List.of(false), t.problems().stream().map(TraceProblem::damage).toList(), t.problems().toString());
        assertTrue(t.problems().get(0).message().contains("crashed or killed"));
    }

    @Test
    void truncatedFileKeepsItsCompleteBlocksAndEvents() throws IOException {
        Path copy = damagedCopy("truncated");
        long cut = firstBlockOffset() + BLOCK + 64 + 200; // inside block 1's payload; block 2 is gone
        try (RandomAccessFile f = new RandomAccessFile(copy.toFile(), "rw")) {
            f.setLength(cut);
        }
        Traces.Read t = Traces.read(copy);
        List<String> damage = t.problems().stream().filter(TraceProblem::damage).map(TraceProblem::toString).toList();
        assertEquals(List.of(
                copy + ": block 1 (byte " + (firstBlockOffset() + BLOCK) + "): file ends at byte " + cut
                        + ", inside this sealed block; reading its complete events",
                copy + ": file ends at byte " + cut + ": blocks 2..2 of 3 are missing"), damage.stream().sorted().toList());
        // Block 0 (events 0..460 of thread 0) whole; block 1 read up to its last complete event before the cut.
        List<Recorded> t0 = t.events().stream().filter(e -> e.thread() == 0).toList();
        assertTrue(t0.size() > 461 && t0.size() < 600, "events of thread 0: " + t0.size());
        assertVectorEvents(t0, 0, t0.size(), 0);
    }

    @Test
    void bitFlipInOneBlockLosesOnlyThatBlock() throws IOException {
        Path copy = damagedCopy("bitflip");
        try (RandomAccessFile f = new RandomAccessFile(copy.toFile(), "rw")) {
            long at = firstBlockOffset() + 64 + 100; // payload of block 0
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 0x10);
        }
        Traces.Read t = Traces.read(copy);
        List<TraceProblem> damage = t.problems().stream().filter(TraceProblem::damage).toList();
        assertEquals(1, damage.size());
        assertEquals(0, damage.get(0).block());
        assertTrue(damage.get(0).message().startsWith("checksum mismatch"), damage.get(0).message());
        // Blocks 1 (thread 0, events 461..599) and 2 (thread 1) are intact.
        assertEquals(139, t.events().stream().filter(e -> e.thread() == 0).count());
        assertEquals(461, t.events().stream().filter(e -> e.thread() == 0).findFirst().orElseThrow().seq());
        assertEquals(300, t.events().stream().filter(e -> e.thread() == 1).count());
    }

    @Test
    void foreignOrDamagedHeadersAreOneLineErrorsNamingTheFile() throws IOException {
        Path foreign = Workspace.WORK.resolve("vectors/foreign.shmt");
        Files.writeString(foreign, "x".repeat(300));
        assertEquals(foreign + ": not a shmemtrace trace (bad magic)", openError(foreign));

        Path shortFile = Workspace.WORK.resolve("vectors/short.shmt");
        Files.write(shortFile, new byte[10]);
        assertEquals(shortFile + ": not a shmemtrace trace: 10 bytes, shorter than a header", openError(shortFile));

        Path badHeader = damagedCopy("badheader");
        try (RandomAccessFile f = new RandomAccessFile(badHeader.toFile(), "rw")) {
            f.seek(33); // inside the PE number, covered by header_crc
            f.write(7);
        }
        assertEquals(badHeader + ": damaged header (checksum mismatch)", openError(badHeader));
    }

    @Test
    void shmembin2txtReportsDamageAndPrintsTheRest() throws IOException {
        Path run = Workspace.freshDir("vectors-run");
        Files.copy(Traces.peFile(dir, 0), Traces.peFile(run, 0));
        Path foreign = run.resolve("pe00001.shmt");
        Files.writeString(foreign, "not a trace at all, but long enough to hold a header".repeat(10));
        Command.Result r = Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--csv", run.toString())
                .run();
        assertEquals(1, r.exitCode());
        assertEquals(foreign + ": not a shmemtrace trace (bad magic)", r.stderr().strip().replace("shmembin2txt: ", ""));
        assertEquals(1 + 900, r.stdout().lines().count());
    }

    private static String openError(Path file) {
        return assertThrows(TraceFormatException.class, () -> TraceFile.open(file).close()).getMessage();
    }

    private static Path damagedCopy(String name) throws IOException {
        Path copy = Workspace.WORK.resolve("vectors/" + name + ".shmt");
        return Files.copy(Traces.peFile(dir, 0), copy, StandardCopyOption.REPLACE_EXISTING);
    }

    private static long firstBlockOffset() {
        return Traces.read(Traces.peFile(dir, 0)).file().header().firstBlockOffset();
    }
}
