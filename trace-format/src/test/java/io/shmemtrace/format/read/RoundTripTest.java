package io.shmemtrace.format.read;

import io.shmemtrace.format.TraceState;
import static io.shmemtrace.format.Fixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.Layout;
import io.shmemtrace.format.write.ThreadWriter;
import io.shmemtrace.format.write.TraceWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RoundTripTest {
    @TempDir
    Path dir;

    @Test
    void headerFieldsReadBack() throws Exception {
        Path f = dir.resolve("pe00003.shmt");
        try (TraceWriter w = create(f, 3, 8192)) {
            w.thread(0).event(INIT, BASE_UNITS, BASE_UNITS + 10);
            w.dropped(7);
        }
        TraceHeader h = read(f).file().header();
        assertEquals(new TraceHeader(Layout.VERSION_MAJOR, Layout.VERSION_MINOR, 8192, 4096, 3, 4, 4242, 3_000_000_000L, 2, Layout.CLOCK_TSC,
                Layout.WRITER_JAVA, INIT_TICKS, INIT_MONO, 1_700_000_000_000_000_000L, "test-run", "node17",
                TraceState.FINALIZED, 1, INIT_TICKS + 3_000_000_000L, INIT_MONO + 1_000_000_000L, 7, 0), h);
        assertEquals(List.of(f + ": 7 events were not recorded"), read(f).problems());
    }

    @Test
    void everyFieldKindWithExtremeAndNegativeValues() throws Exception {
        Path f = dir.resolve("kinds.shmt");
        long[][] rows = {
                {1, 2, 0x7f00_0000_1000L, 0x5500_0000_0000L, -5, 3, 0, 1, 2, 4, -8, 0x1234_5678L, 4, -1, 1, 0x7fff_f79f_f7e0L},
                {-2, Long.MAX_VALUE, 0x7f00_0000_0fc0L, 0x5500_0000_2000L, Long.MIN_VALUE, -1, -3, -1, -1, -1,
                        Long.MAX_VALUE, 0x1000L, 0, Long.MIN_VALUE, -42, -1},
                {0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, Long.MIN_VALUE, 0, 0, 0, 0},
                {3, 1, 0, Long.MAX_VALUE, 7, 9, 1, 0, 0, 2, 1, Long.MAX_VALUE, 5, 6, 7, Long.MIN_VALUE},
        };
        try (TraceWriter w = create(f, 0, 4096)) {
            ThreadWriter t = w.thread(0);
            for (int i = 0; i < rows.length; i++) t.event(ALL_KINDS, BASE_UNITS + 100 * i, BASE_UNITS + 100 * i + 5, rows[i]);
        }
        Read r = read(f);
        assertEquals(List.of(), r.problems());
        assertEquals(rows.length, r.events().size());
        for (int i = 0; i < rows.length; i++) {
            Ev e = r.events().get(i);
            assertEquals(toList(rows[i]), e.values(), "event " + i);
            // elem_size 4 x NELEMS (field 2, unsigned: -1 is 2^64 - 1): a size past a long saturates, never wraps
            long n = rows[i][1];
            assertEquals(n < 0 || n > Long.MAX_VALUE / 4 ? Long.MAX_VALUE : 4 * n, e.bytes(), "bytes of event " + i);
        }
    }

    @Test
    void addressDeltasGoUpAndDownAndRestartPerBlock() throws Exception {
        Path f = dir.resolve("addr.shmt");
        List<long[]> written = new ArrayList<>();
        try (TraceWriter w = create(f, 0, 4096)) {
            ThreadWriter t = w.thread(0);
            for (int i = 0; i < 1500; i++) {
                long dest = 0x7fff_0000_0000L + ((i * 7919L) % 4096) * 64 - (i % 3 == 0 ? 0x100_0000L : 0);
                long[] v = {dest, 0x5600_0000_0000L - 8L * i, i % 17, i % 4};
                t.event(PUT, BASE_UNITS + 10L * i, BASE_UNITS + 10L * i + 3, v);
                written.add(v);
                t.event(CTX_QUIET, BASE_UNITS + 10L * i + 5, BASE_UNITS + 10L * i + 6, i % 2 == 0 ? 0x9000L : -0x4000L);
            }
        }
        Read r = read(f);
        assertEquals(List.of(), r.problems());
        assertTrue(r.file().blocks().size() >= 4, "blocks: " + r.file().blocks().size());
        for (int i = 0; i < written.size(); i++) {
            Ev put = r.events().get(2 * i);
            Ev ctx = r.events().get(2 * i + 1);
            assertEquals(toList(written.get(i)), put.values(), "put " + i);
            assertEquals(8L * (i % 17), put.bytes());
            assertEquals(List.of(i % 2 == 0 ? 0x9000L : -0x4000L), ctx.values(), "ctx " + i);
        }
    }

    @Test
    void threadsInInterleavedBlocksComeOutInSeqOrderAndTile() throws Exception {
        Path f = dir.resolve("threads.shmt");
        int[] counts = {2000, 1300, 700};
        try (TraceWriter w = create(f, 1, 4096)) {
            ThreadWriter[] t = {w.thread(0), w.thread(1, BASE_UNITS + 50), w.thread(2, BASE_UNITS + 90)};
            for (int i = 0; i < 2000; i++) {
                for (int k = 0; k < 3; k++) {
                    if (i >= counts[k]) continue;
                    long start = BASE_UNITS + 100 + 20L * i + k;
                    t[k].event(P, start, start + 3 + i % 5, 0x7f00_0000_0000L + 8L * (i % 100), i - 1000L, k);
                }
            }
        }
        Read r = read(f);
        assertEquals(List.of(), r.problems());
        List<Integer> fileOrder = r.file().blocks().stream().map(BlockHeader::thread).toList();
        assertTrue(fileOrder.indexOf(1) < fileOrder.lastIndexOf(0), "blocks interleave: " + fileOrder);
        long[] bases = {BASE_UNITS, BASE_UNITS + 50, BASE_UNITS + 90};
        for (int k = 0; k < 3; k++) {
            List<Ev> ev = r.thread(k);
            assertEquals(counts[k], ev.size());
            long tiled = 0;
            for (int i = 0; i < ev.size(); i++) {
                Ev e = ev.get(i);
                long start = BASE_UNITS + 100 + 20L * i + k;
                assertEquals(i, e.seq());
                assertEquals(1, e.pe());
                assertEquals(start, e.start());
                assertEquals(start + 3 + i % 5, e.end());
                assertEquals(List.of(0x7f00_0000_0000L + 8L * (i % 100), i - 1000L, (long) k), e.values());
                tiled += e.burst() + (e.end() - e.start());
            }
            assertEquals(ev.get(ev.size() - 1).end() - bases[k], tiled, "thread " + k + " tiles");
        }
    }

    @Test
    void timesConvertToNanosecondsSinceInit() throws Exception {
        Path f = dir.resolve("time.shmt");
        try (TraceWriter w = create(f, 0, 4096)) {
            // units of 4 ticks at 3 GHz: 750 units = 3000 ticks = 1000 ns
            w.thread(0).event(QUIET, BASE_UNITS + 750, BASE_UNITS + 1050);
        }
        Ev e = read(f).events().get(0);
        assertEquals(List.of(1000L, 400L, 1000L), List.of(e.startNs(), e.durationNs(), e.burstNs()));
    }

    @Test
    void writerClampsOverlappingTimesSoBurstsStayNonNegative() throws Exception {
        Path f = dir.resolve("clamp.shmt");
        try (TraceWriter w = create(f, 0, 4096)) {
            w.thread(0).event(QUIET, BASE_UNITS + 100, BASE_UNITS + 200);
            w.thread(0).event(QUIET, BASE_UNITS + 150, BASE_UNITS + 120);
        }
        Ev second = read(f).events().get(1);
        assertEquals(List.of(BASE_UNITS + 200, BASE_UNITS + 200, 0L), List.of(second.start(), second.end(), second.burst()));
    }

    private static List<Long> toList(long[] values) {
        List<Long> l = new ArrayList<>();
        for (long v : values) l.add(v);
        return l;
    }

    /** Region records and their names blocks, as the Java writer now writes them (the native writer's format). */
    @Test
    void regionsAndTheirNamesReadBack() throws Exception {
        Path run = new io.shmemtrace.format.testing.SyntheticRun(1, TABLE).call(0, "shmem_init", 0, 100)
                .begin(0, "solve", 50).call(0, "shmem_quiet", 10, 20).begin(0, "inner", 5).end(0, "inner", 7)
                .end(0, "solve", 3).begin(0, "solve", 2).end(0, "solve", 1).call(0, "shmem_finalize", 0, 100)
                .writeTo(dir);
        try (TraceFile f = TraceFile.open(run.resolve("pe00000.shmt"))) {
            assertEquals(List.of(), f.problems());
            assertEquals(List.of("solve", "inner"), f.regionNames());
            List<String> seen = new ArrayList<>();
            f.read(e -> seen.add(e.def().operation().isRegion() ? e.def().operation() + " " + e.regionName() : e.name()));
            assertEquals(List.of("shmem_init", "REGION_BEGIN solve", "shmem_quiet", "REGION_BEGIN inner",
                    "REGION_END inner", "REGION_END solve", "REGION_BEGIN solve", "REGION_END solve", "shmem_finalize"),
                    seen);
        }
    }
}
