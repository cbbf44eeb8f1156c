package io.shmemtrace.merged.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import io.shmemtrace.merged.format.MergedLayout;
import io.shmemtrace.format.Completion;
import io.shmemtrace.format.Operation;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.Category;
import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.FieldDef;
import io.shmemtrace.format.FieldKind;
import io.shmemtrace.format.Layout;
import io.shmemtrace.format.read.BlockHeader;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.write.ThreadWriter;
import io.shmemtrace.format.write.TraceInfo;
import io.shmemtrace.format.write.TraceWriter;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.merged.read.PeEntry;
import io.shmemtrace.synth.SynthRun;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Missing, foreign, duplicate, cut and corrupt inputs: one clear line each, nothing overwritten or lost. */
class BadInputTest {
    private static final int PES = 4;
    private static final int EVENTS = 200;

    @TempDir
    Path tmp;
    Path run;
    Path out;

    @BeforeEach
    void synth() throws Exception {
        run = Files.createDirectories(tmp.resolve("run"));
        new SynthRun(PES, EVENTS, 1, 64 * 1024, "run-a").writeTo(run);
        out = tmp.resolve("merged.psins");
    }

    private Path pe(int pe) {
        return run.resolve(String.format("pe%05d.shmt", pe));
    }

    private Merged.Run merge() throws Exception {
        return Merged.run(run, out);
    }

    /** What is intact, the rest recorded as missing or damaged (--allow-partial). */
    private Merged.Run mergePartial() throws Exception {
        return Merged.run(run, out, true, false, Alignment.Mode.AUTO);
    }

    private static void assertOneLine(String err, String expected) {
        List<String> matching = err.lines().filter(l -> l.contains(expected)).toList();
        assertEquals(1, matching.size(), "one line with '" + expected + "' in:\n" + err);
        assertTrue(matching.get(0).startsWith("merge: "), matching.get(0));
    }

    @Test
    void missingPeIsReportedAndPartialMergeRecordsIt() throws Exception {
        Files.delete(pe(2));
        Merged.Run r = merge();
        assertFalse(r.merged());
        assertOneLine(r.err(), "run run-a: no trace for 1 of 4 PEs: 2");
        assertOneLine(r.err(), "nothing written");
        assertFalse(Files.exists(out));

        Merged.Run partial = mergePartial();
        assertTrue(partial.merged(), partial.err());
        try (MergedFile f = MergedFile.open(out)) {
            assertEquals(1, f.header().missing());
            assertTrue((f.header().flags() & MergedLayout.FLAG_PARTIAL) != 0);
            assertEquals(PES, f.tasks().size());
            for (PeEntry t : f.tasks()) {
                assertEquals(t.task() == 2, t.missing());
                assertEquals(t.task() == 2 ? 0 : EVENTS, t.events());
            }
            assertEquals((long) (PES - 1) * EVENTS, f.header().events());
        }
    }

    @Test
    void fileOfAnotherRunIsLeftOut() throws Exception {
        Path other = Files.createDirectories(tmp.resolve("other"));
        new SynthRun(PES, EVENTS, 1, 64 * 1024, "run-b").writeTo(other);
        Files.copy(other.resolve("pe00001.shmt"), run.resolve("pe00007.shmt")); // named as a trace of this run
        Merged.Run r = merge();
        assertFalse(r.merged());
        assertOneLine(r.err(), "pe00007.shmt: from another run (run run-b, 4 PEs; the run is run-a, 4 PEs); left out");
        assertTrue(mergePartial().merged());
        try (MergedFile f = MergedFile.open(out)) {
            assertEquals("run-a", f.header().runId());
            assertEquals(0, f.header().missing());
        }
    }

    @Test
    void duplicatePeIsLeftOut() throws Exception {
        Files.copy(pe(1), run.resolve("pe000001.shmt")); // PE 1 under a second valid name
        Merged.Run r = merge();
        assertFalse(r.merged());
        assertOneLine(r.err(), "pe00001.shmt: PE 1 again (first in ");
        assertTrue(mergePartial().merged());
    }

    @Test
    void cutFileIsReportedAndItsIntactEventsMerged() throws Exception {
        List<Long> before = Merged.events(mergedOf(run)).get(3).stream().map(RunRecord::event).toList();
        long cut;
        try (TraceFile t = TraceFile.open(pe(3))) {
            BlockHeader block = t.blocks().get(0);
            cut = block.offset() + Layout.BLOCK_HEADER + block.length() / 2; // halfway through the events
        }
        try (RandomAccessFile f = new RandomAccessFile(pe(3).toFile(), "rw")) {
            f.setLength(cut);
        }
        Merged.Run r = merge();
        assertFalse(r.merged());
        assertTrue(r.err().lines().anyMatch(l -> l.contains("pe00003.shmt") && l.contains("file ends at byte " + cut)),
                r.err());
        assertOneLine(r.err(), "nothing written: " + pe(3) + " is damaged");
        assertFalse(Files.exists(out));

        assertTrue(mergePartial().merged());
        try (MergedFile f = MergedFile.open(out)) {
            PeEntry t = f.tasks().get(3);
            assertTrue(t.damaged());
            // The synthetic file of 200 events fits one block: its events up to the cut are merged.
            assertTrue(t.events() > 0 && t.events() < EVENTS, "events kept: " + t.events());
            assertEquals(before.subList(0, (int) t.events()),
                    f.records(3).stream().filter(x -> !x.burst()).map(RunRecord::event).toList());
            assertFalse(f.tasks().get(2).damaged());
        }
    }

    private Path mergedOf(Path dir) throws Exception {
        Path p = tmp.resolve("before.psins");
        assertTrue(Merged.run(dir, p).merged());
        return p;
    }

    /** Past 50 problems the rest are left out, but never the line that says nothing was written. */
    @Test
    void theRefusalFollowsEvenTheFiftiethProblem() throws Exception {
        for (int pe = 10; pe < 70; pe++) {
            Files.writeString(run.resolve(String.format("pe%05d.shmt", pe)), "not a trace".repeat(40));
        }
        Merged.Run r = merge();
        assertFalse(r.merged());
        List<String> lines = r.err().lines().toList();
        assertEquals(52, lines.size(), r.err()); // 50 of the 60 foreign files, the line for the rest, the refusal
        assertEquals("merge: (more messages left out)", lines.get(50));
        assertEquals("merge: nothing written: 60 problems above (--allow-partial merges what is intact)", lines.get(51));
        assertFalse(Files.exists(out));
    }

    @Test
    void foreignFileIsNamedAndLeftOut() throws Exception {
        Files.writeString(run.resolve("pe00009.shmt"), "not a trace at all, just some text that is long enough".repeat(8));
        Files.writeString(run.resolve("notes.shmt"), "not named as a trace: not part of the run, not read");
        Merged.Run r = merge();
        assertFalse(r.merged());
        assertOneLine(r.err(), "pe00009.shmt: not a shmemtrace trace (bad magic)");
        assertTrue(mergePartial().merged());
    }

    @Test
    void nothingIsOverwrittenWithoutForce() throws Exception {
        Files.writeString(out, "keep me");
        Merged.Run r = merge();
        assertFalse(r.merged());
        assertOneLine(r.err(), out + " exists (--force replaces it)");
        assertEquals("keep me", Files.readString(out));
        assertTrue(Merged.run(run, out, false, true, Alignment.Mode.AUTO).merged());
        try (MergedFile f = MergedFile.open(out)) {
            assertEquals((long) PES * EVENTS, f.header().events());
        }
    }

    /** What the reader says of a fresh merge whose header byte at offset is replaced by value, sealed again. */
    private String refusalWithHeaderByte(int offset, int value) throws Exception {
        assertTrue(merge().merged());
        byte[] bytes = Files.readAllBytes(out);
        bytes[offset] = (byte) value;
        Seal.fix(bytes);
        Files.write(out, bytes);
        return assertThrows(MergedFormatException.class, () -> MergedFile.open(out)).getMessage();
    }

    /** Merged files are sealed as per-PE traces are: damage anywhere is found and named, the intact tasks still read. */
    @Test
    void damageIsFoundByTheChecksumsAndNamed() throws Exception {
        assertTrue(merge().merged());
        byte[] valid = Files.readAllBytes(out);
        byte[] header = valid.clone();
        header[MergedLayout.H_EVENTS] ^= 1;
        Files.write(out, header);
        assertEquals(out + ": damaged header (checksum mismatch)",
                assertThrows(MergedFormatException.class, () -> MergedFile.open(out)).getMessage());
        byte[] index = valid.clone();
        index[(int) MergedLayout.indexOffset(1) + MergedLayout.I_RECORDS] ^= 4;
        Files.write(out, index);
        assertEquals(out + ": damaged index (checksum mismatch)",
                assertThrows(MergedFormatException.class, () -> MergedFile.open(out)).getMessage());
        Files.write(out, java.util.Arrays.copyOf(valid, valid.length - 1));
        assertTrue(assertThrows(MergedFormatException.class, () -> MergedFile.open(out)).getMessage()
                .matches(java.util.regex.Pattern.quote(out.toString()) + ": damaged tables at byte \\d+ \\(checksum mismatch; cut short\\?\\)"));
    }

    @Test
    void aTaskCountPastTheLimitIsRefusedBeforeAnythingIsAllocated() throws Exception {
        String refusal = refusalWithHeaderInt(MergedLayout.H_TASKS, Integer.MAX_VALUE);
        assertEquals(out + ": damaged header: 2147483647 PEs (at most 1048576, and an index that fits in the file's "
                + Files.size(out) + " bytes)", refusal);
    }

    private String refusalWithHeaderInt(int offset, int value) throws Exception {
        assertTrue(merge().merged());
        byte[] bytes = Files.readAllBytes(out);
        java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(offset, value);
        Seal.fix(bytes);
        Files.write(out, bytes);
        return assertThrows(MergedFormatException.class, () -> MergedFile.open(out)).getMessage();
    }

    @Test
    void fileOfAnotherVersionIsRefusedWithOneLine() throws Exception {
        assertEquals(out + ": merged trace version 2 is not supported (this reader: " + io.shmemtrace.merged.format.MergedLayout.VERSION + "): merge the run again",
                refusalWithHeaderByte(MergedLayout.H_VERSION, 2));
    }

    @Test
    void anUnknownAlignmentCodeIsOneLine() throws Exception {
        assertEquals(out + ": damaged header: alignment code 199 is none this reader knows",
                refusalWithHeaderByte(MergedLayout.H_ALIGNMENT, 0xC7));
    }

    @Test
    void damagedMergedFileStillGivesItsIntactTasks() throws Exception {
        assertTrue(merge().merged());
        long at;
        try (MergedFile f = MergedFile.open(out)) {
            at = f.tasks().get(1).offset(); // task 1's first record: its head (call index x 4, flags)
        }
        byte[] bytes = Files.readAllBytes(out);
        bytes[(int) at] = 0x7C; // call 31: the table has fewer
        Files.write(out, bytes);
        long end;
        try (MergedFile f = MergedFile.open(out)) {
            end = f.tasks().get(2).offset();
            MergedFormatException e = assertThrows(MergedFormatException.class, () -> f.records(1));
            assertEquals(out + ": PE 1: damaged records at bytes " + at + ".." + end + " (checksum mismatch)",
                    e.getMessage());
            assertEquals(2 * EVENTS, f.records(0).size());
            assertEquals(2 * EVENTS, f.records(2).size());
        }
        Seal.fix(bytes); // past the checksum, the decoder finds it
        Files.write(out, bytes);
        try (MergedFile f = MergedFile.open(out)) {
            MergedFormatException e = assertThrows(MergedFormatException.class, () -> f.records(1));
            assertEquals(out + ": PE 1 event 0 at byte " + at + ": unknown call 31", e.getMessage());
        }
        Files.writeString(tmp.resolve("x.psins"), "SHMEM rank=0 name=shmem_init count=1 time=0.1\n".repeat(4));
        MergedFormatException foreign = assertThrows(MergedFormatException.class, () -> MergedFile.open(tmp.resolve("x.psins")));
        assertEquals(tmp.resolve("x.psins") + ": not a shmem2psins merged trace (bad magic)", foreign.getMessage());
    }

    @Test
    void mismatchedCollectivesAreReportedNotMerged() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("mismatch"));
        EventTable table = new EventTable(List.of(
                new EventDef(0, "shmem_barrier_all", Category.COLLECTIVE, 0, 0, List.of(), Operation.BARRIER_ALL,
                        Completion.COMPLETE),
                new EventDef(1, "shmem_broadcast64", Category.COLLECTIVE, 0, 8, List.of(
                        new FieldDef("nlong", FieldKind.NELEMS), new FieldDef("PE_root", FieldKind.ROOT),
                        new FieldDef("PE_start", FieldKind.PE_START), new FieldDef("logPE_stride", FieldKind.LOG_PE_STRIDE),
                        new FieldDef("PE_size", FieldKind.PE_SIZE)), Operation.BROADCAST, Completion.COMPLETE)));
        for (int pe = 0; pe < PES; pe++) {
            TraceInfo info = new TraceInfo(pe, PES, 100 + pe, 1_000_000_000L, 0, 2, 1000, 1000, 5000, "mm", "node");
            try (TraceWriter w = TraceWriter.create(dir.resolve(String.format("pe%05d.shmt", pe)), info, table, 4096)) {
                ThreadWriter t = w.thread(0);
                t.event(1, 2000, 3000, 4, pe == 2 ? 1 : 0, 0, 0, PES); // PE 2 names another root
                if (pe != 3) t.event(0, 4000, 5000);                   // PE 3 skips the barrier
            }
        }
        Merged.Run r = Merged.run(dir, out);
        assertTrue(r.merged(), r.err());
        assertOneLine(r.err(), "collective mismatch on set 0 (all PEs): instance 0 is shmem_broadcast64 root 1 on PE 2"
                + " but shmem_broadcast64 root 0 on PE 0");
        assertOneLine(r.err(), "collective mismatch on set 0 (all PEs): PE 3 made 1 collectives on it, PE 0 made 2");
        try (MergedFile f = MergedFile.open(out)) {
            assertEquals(2, f.header().collectiveMismatches());
        }
    }
}
