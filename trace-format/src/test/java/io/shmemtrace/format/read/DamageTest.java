package io.shmemtrace.format.read;

import io.shmemtrace.format.TraceState;
import static io.shmemtrace.format.Fixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shmemtrace.format.Layout;
import io.shmemtrace.format.write.ThreadWriter;
import io.shmemtrace.format.write.TraceWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** FORMAT.md, "Reading damaged files": one error for a non-trace, block-level problems otherwise. */
class DamageTest {
    private static final int BLOCK = 4096;
    private static final long FIRST_BLOCK = 4096;
    /** shmem_long_p with a 1-byte id, burst, duration, address delta, value and pe: 6 bytes per event. */
    private static final int EVENT_BYTES = 6;
    private static final int PER_BLOCK = (BLOCK - Layout.BLOCK_HEADER) / EVENT_BYTES; // 672
    /** Small enough that its delta from 0 at a block's start is one byte too. */
    private static final long DEST = 0x20;

    @TempDir
    Path dir;

    /** One thread, n events of 6 bytes each: blocks of 672 events. */
    private Path write(String name, int n, boolean finish) throws IOException {
        Path f = dir.resolve(name);
        TraceWriter w = create(f, 2, BLOCK);
        ThreadWriter t = w.thread(0);
        for (int i = 0; i < n; i++) {
            t.event(P, BASE_UNITS + 10L * i, BASE_UNITS + 10L * i + 4, DEST, i % 50, i % 4);
        }
        if (finish) w.close(); else w.abandon();
        return f;
    }

    private static void assertPrefix(List<Ev> events, int n) {
        assertEquals(n, events.size());
        for (int i = 0; i < n; i++) {
            assertEquals(i, events.get(i).seq());
            assertEquals(BASE_UNITS + 10L * i, events.get(i).start());
            assertEquals(List.of(DEST, (long) (i % 50), (long) (i % 4)), events.get(i).values());
        }
    }

    @Test
    void cleanFileHasNoProblems() throws Exception {
        Path f = write("clean.shmt", 2000, true);
        Read r = read(f);
        assertEquals(List.of(), r.problems());
        assertEquals(3, r.file().blocks().size());
        assertEquals(PER_BLOCK, r.file().blocks().get(0).count());
        assertPrefix(r.events(), 2000);
    }

    @Test
    void fileCutMidBlockKeepsEarlierBlocksAndTheCompleteEventsBeforeTheCut() throws Exception {
        Path f = write("cut.shmt", 2000, true);
        long block1 = FIRST_BLOCK + BLOCK;
        long cut = block1 + Layout.BLOCK_HEADER + 10 * EVENT_BYTES + 2;
        truncate(f, cut);
        Read r = read(f);
        assertEquals(List.of(
                f + ": block 1 (byte " + block1 + "): file ends at byte " + cut
                        + ", inside this sealed block; reading its complete events",
                f + ": file ends at byte " + cut + ": blocks 2..2 of 3 are missing"),
                r.problems().stream().sorted().toList());
        assertPrefix(r.events(), PER_BLOCK + 10);
    }

    @Test
    void bitFlipInOneSealedBlockLosesOnlyThatBlock() throws Exception {
        Path f = write("flip.shmt", 2000, true);
        long block1 = FIRST_BLOCK + BLOCK;
        xorByte(f, block1 + Layout.BLOCK_HEADER + 100, 0x10);
        Read r = read(f);
        assertEquals(List.of(f + ": block 1 (byte " + block1 + "): checksum mismatch; block skipped (672 events)"),
                r.problems());
        assertEquals(2000 - PER_BLOCK, r.events().size());
        assertPrefix(r.events().subList(0, PER_BLOCK), PER_BLOCK);
        assertEquals(2 * PER_BLOCK, r.events().get(PER_BLOCK).seq());
        assertEquals(1999, r.events().get(r.events().size() - 1).seq());
    }

    @Test
    void unsealedBlocksOfAKilledProcessAreReadToTheLastCompleteEvent() throws Exception {
        Path f = write("killed.shmt", 1000, false);
        // A half-written event, as the C writer leaves it: all but its first byte stored.
        long end = FIRST_BLOCK + BLOCK + Layout.BLOCK_HEADER + (1000 - PER_BLOCK) * EVENT_BYTES;
        try (var ch = java.nio.channels.FileChannel.open(f, StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap(new byte[] {0, 7, 3, 2, 9}), end);
        }
        Read r = read(f);
        assertEquals(TraceState.RUNNING, r.file().header().state());
        assertEquals(List.of(true, false), r.file().blocks().stream().map(BlockHeader::sealed).toList());
        assertEquals(List.of(f + ": PE 2 crashed or killed (never finished); 1 unsealed block read up to the last"
                + " complete event"), r.problems());
        assertEquals(List.of(false), r.file().problems().stream().map(TraceProblem::damage).toList());
        assertPrefix(r.events(), 1000);
    }

    @Test
    void unsealedBlockCutMidEventEndsAtTheLastCompleteEvent() throws Exception {
        Path f = write("killedcut.shmt", 1000, false);
        long block1 = FIRST_BLOCK + BLOCK;
        long cut = block1 + Layout.BLOCK_HEADER + 20 * EVENT_BYTES + 3;
        truncate(f, cut);
        Read r = read(f);
        assertEquals(List.of(
                f + ": PE 2 crashed or killed (never finished); 1 unsealed block read up to the last complete event",
                f + ": block 1 (byte " + block1 + "): file ends at byte " + cut
                        + ", inside this block; reading its complete events"), r.problems());
        assertPrefix(r.events(), PER_BLOCK + 20);
    }

    @Test
    void unsealedBlockInAFinalizedFileIsReported() throws Exception {
        Path f = write("unsealed.shmt", 100, true);
        xorByte(f, FIRST_BLOCK + Layout.B_FLAGS, Layout.BLOCK_SEALED);
        Read r = read(f);
        assertEquals(List.of(f + ": block 0 (byte 4096): unsealed block in a finalized file; 100 events read up to"
                + " the last complete one"), r.problems());
        assertPrefix(r.events(), 100);
    }

    @Test
    void anEventRunningPastItsBlockIsReported() throws Exception {
        Path f = write("overrun.shmt", PER_BLOCK - 1, false);
        // The last 6 bytes of the block: an event whose last varint goes on past the block.
        long at = FIRST_BLOCK + BLOCK - EVENT_BYTES;
        try (var ch = java.nio.channels.FileChannel.open(f, StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap(new byte[] {P + 1, 1, 1, 1, 1, (byte) 0x80}), at);
        }
        Read r = read(f);
        assertEquals(List.of(f + ": PE 2 crashed or killed (never finished); 1 unsealed block read up to the last"
                + " complete event", f + ": block 0 (byte 4096): event at byte " + at
                + " runs past the end of the block; " + (PER_BLOCK - 1) + " events read"), r.problems());
        assertPrefix(r.events(), PER_BLOCK - 1);
    }

    @Test
    void zeroBlocksAreEmptyNotDamage() throws Exception {
        Path f = write("zeros.shmt", 10, true);
        Files.write(f, new byte[2 * BLOCK], StandardOpenOption.APPEND);
        Read r = read(f);
        assertEquals(List.of(), r.problems());
        assertPrefix(r.events(), 10);
    }

    @Test
    void exitedAndDisabledStatesAreNoted() throws Exception {
        for (TraceState state : List.of(TraceState.EXITED, TraceState.DISABLED)) {
            Path f = dir.resolve(state + ".shmt");
            try (TraceWriter w = create(f, 1, BLOCK)) {
                w.thread(0).event(QUIET, BASE_UNITS + 1, BASE_UNITS + 2);
                w.close(state);
            }
            Read r = read(f);
            assertEquals(state, r.file().header().state());
            assertEquals(List.of(f + ": PE 1 " + state.description()), r.problems());
        }
    }

    @Test
    void notATraceIsOneErrorNamingTheFile() throws Exception {
        Path good = write("good.shmt", 10, true);

        Path magic = Files.copy(good, dir.resolve("magic.shmt"));
        xorByte(magic, 0, 1);
        assertEquals(magic + ": not a shmemtrace trace (bad magic)", openError(magic));

        Path major = Files.copy(good, dir.resolve("major.shmt"));
        xorByte(major, Layout.H_VERSION_MAJOR, 4); // 2 -> 6
        assertEquals(major + ": trace format version 6 is not supported (this reader: 1 to 2)", openError(major));

        Path header = Files.copy(good, dir.resolve("header.shmt"));
        xorByte(header, Layout.H_PE, 4);
        assertEquals(header + ": damaged header (checksum mismatch)", openError(header));

        Path table = Files.copy(good, dir.resolve("table.shmt"));
        xorByte(table, Layout.HEADER_SIZE + 5, 0x40);
        assertEquals(table + ": damaged event table (checksum mismatch)", openError(table));

        Path shortFile = dir.resolve("short.shmt");
        Files.write(shortFile, new byte[100]);
        assertEquals(shortFile + ": not a shmemtrace trace: 100 bytes, shorter than a header", openError(shortFile));

        // The deflated table's size in the header is what is allocated: a lie is one line, before any allocation.
        long size = Integer.toUnsignedLong(java.nio.ByteBuffer.wrap(Files.readAllBytes(good))
                .order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt(Layout.H_TABLE_SIZE));
        for (long lie : new long[] {size - 1, size + 1, 0, 0xFFFF_FFF0L}) {
            Path sized = Files.copy(good, dir.resolve("size-" + lie + ".shmt"));
            putInt(sized, Layout.H_TABLE_SIZE, (int) lie);
            fixHeaderCrc(sized);
            String expected = lie == 0 || lie > Layout.MAX_EVENT_TABLE_SIZE
                    ? "its size inflated is " + lie + " bytes (at most " + Layout.MAX_EVENT_TABLE_SIZE + ")"
                    : lie < size ? "it inflates to more than " + lie + " bytes, not the " + lie + " its header says"
                    : "it inflates to " + size + " bytes, not the " + lie + " its header says";
            assertEquals(sized + ": damaged event table: " + expected, openError(sized));
        }

        Path minor = Files.copy(good, dir.resolve("minor.shmt"));
        xorByte(minor, Layout.H_VERSION_MINOR, 1);
        fixHeaderCrc(minor);
        assertEquals(10, read(minor).events().size(), "any minor version is read");
    }

    private static String openError(Path f) {
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceFile.open(f).close());
        assertEquals(1, e.getMessage().lines().count());
        return e.getMessage();
    }

    private static void putInt(Path f, int at, int value) throws IOException {
        byte[] bytes = Files.readAllBytes(f);
        java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(at, value);
        Files.write(f, bytes);
    }

    private static void fixHeaderCrc(Path f) throws IOException {
        byte[] bytes = Files.readAllBytes(f);
        int crc = Layout.crc32c(bytes, 0, Layout.H_CRC_COVERS);
        java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(Layout.H_HEADER_CRC, crc);
        Files.write(f, bytes);
    }
}
