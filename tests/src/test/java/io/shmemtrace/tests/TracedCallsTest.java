package io.shmemtrace.tests;

import static io.shmemtrace.tests.support.ExpectedCalls.NONE;
import static io.shmemtrace.tests.support.ExpectedCalls.times;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.Layout;
import io.shmemtrace.format.read.TraceHeader;
import io.shmemtrace.format.TraceState;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.ExpectedCalls;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Recorded;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** tests/src/test/c/calls.c under oshrun -np 4 with the shim: every call, exactly, per PE. */
class TracedCallsTest {
    private static final int NPES = 4;
    private static final int SHMEM_CMP_EQ = 0;
    private static Path dir;

    private static final ExpectedCalls CALLS = new ExpectedCalls(NPES);

    /** The calls of calls.c (see its header comment). */
    private static final List<ExpectedCalls.Call> EXPECTED = List.of(
            new ExpectedCalls.Call("shmem_init", times(1), 0, NONE),
            new ExpectedCalls.Call("shmem_my_pe", times(1), 0, NONE),
            new ExpectedCalls.Call("shmem_n_pes", times(1), 0, NONE),
            new ExpectedCalls.Call("shmem_malloc", times(1), 0, NONE),
            new ExpectedCalls.Call("shmem_barrier_all", times(5), 0, NONE),
            new ExpectedCalls.Call("shmem_long_put", times(1), 128, CALLS::right),
            new ExpectedCalls.Call("shmem_long_get", times(1), 64, CALLS::left),
            new ExpectedCalls.Call("shmem_long_p", me -> 11 + me, 8, CALLS::right),
            new ExpectedCalls.Call("shmem_int_g", times(3), 4, CALLS::left),
            new ExpectedCalls.Call("shmem_putmem_nbi", times(1), 100, CALLS::right),
            new ExpectedCalls.Call("shmem_quiet", times(2), 0, NONE),
            new ExpectedCalls.Call("shmem_getmem_nbi", times(2), 24, CALLS::left),
            new ExpectedCalls.Call("shmem_long_iput", times(1), 32, CALLS::right),
            new ExpectedCalls.Call("shmem_int_iget", times(1), 12, CALLS::left),
            new ExpectedCalls.Call("shmem_long_atomic_fetch_add", me -> me + 1, 8, me -> 0),
            new ExpectedCalls.Call("shmem_int_atomic_inc", times(2), 4, CALLS::right),
            new ExpectedCalls.Call("shmem_long_atomic_compare_swap", times(1), 8, CALLS::left),
            new ExpectedCalls.Call("shmem_long_sum_to_all", times(1), 32, NONE),
            new ExpectedCalls.Call("shmem_broadcast64", times(1), 32, NONE),
            new ExpectedCalls.Call("shmem_fcollect32", times(1), 8, NONE),
            new ExpectedCalls.Call("shmem_set_lock", times(1), 0, NONE),
            new ExpectedCalls.Call("shmem_clear_lock", times(1), 0, NONE),
            new ExpectedCalls.Call("shmem_long_wait_until", times(1), 0, NONE),
            new ExpectedCalls.Call("shmem_ctx_create", times(1), 0, NONE),
            new ExpectedCalls.Call("shmem_ctx_long_put", times(1), 32, CALLS::right),
            new ExpectedCalls.Call("shmem_ctx_quiet", times(1), 0, NONE),
            new ExpectedCalls.Call("shmem_ctx_destroy", times(1), 0, NONE),
            new ExpectedCalls.Call("shmem_free", times(1), 0, NONE),
            new ExpectedCalls.Call("shmem_finalize", times(1), 0, NONE));

    @BeforeAll
    static void run() {
        dir = Workspace.freshDir("calls-trace");
        Programs.traced(NPES, dir, Programs.compile("calls")).runOk();
    }

    @Test
    void eachPeRecordsExactlyTheCallsItMade() {
        for (int pe = 0; pe < NPES; pe++) {
            Traces.Read trace = Traces.read(Traces.peFile(dir, pe));
            assertEquals(List.of(), trace.problems(), "PE " + pe);
            ExpectedCalls.assertCounts(EXPECTED, trace, pe);
        }
    }

    @Test
    void bytesAndTargetPesAreThoseOfEachCall() {
        for (int pe = 0; pe < NPES; pe++) {
            ExpectedCalls.assertBytesAndTargets(EXPECTED, Traces.read(Traces.peFile(dir, pe)), pe);
        }
    }

    @Test
    void argumentsThatIdentifyObjectsAreRecorded() {
        for (int pe = 0; pe < NPES; pe++) {
            Traces.Read t = Traces.read(Traces.peFile(dir, pe));
            Recorded wait = t.named("shmem_long_wait_until").get(0);
            assertEquals(SHMEM_CMP_EQ, wait.field("cmp"));
            assertEquals(pe + 100, wait.field("value"));

            long ctx = t.named("shmem_ctx_create").get(0).field("ctx");
            assertTrue(ctx != 0);
            assertEquals(ctx, t.named("shmem_ctx_long_put").get(0).field("ctx"));
            assertEquals(ctx, t.named("shmem_ctx_quiet").get(0).field("ctx"));
            assertEquals(ctx, t.named("shmem_ctx_destroy").get(0).field("ctx"));
            assertEquals(0, t.named("shmem_ctx_create").get(0).field("result"));

            Recorded malloc = t.named("shmem_malloc").get(0);
            assertEquals(256, malloc.field("size"));
            assertEquals(malloc.field("result"), t.named("shmem_free").get(0).field("ptr"));
            assertEquals(t.named("shmem_set_lock").get(0).field("lock"), t.named("shmem_clear_lock").get(0).field("lock"));

            Recorded bcast = t.named("shmem_broadcast64").get(0);
            assertEquals(1, bcast.field("PE_root"));
            for (String collective : List.of("shmem_broadcast64", "shmem_long_sum_to_all", "shmem_fcollect32")) {
                Recorded c = t.named(collective).get(0);
                assertEquals(List.of(0L, 0L, (long) NPES),
                        List.of(c.field("PE_start"), c.field("logPE_stride"), c.field("PE_size")), collective);
            }
            Recorded iput = t.named("shmem_long_iput").get(0);
            assertEquals(List.of(2L, 1L, 4L), List.of(iput.field("tst"), iput.field("sst"), iput.field("len")));
        }
    }

    @Test
    void burstsAndDurationsTileThePeFromInitToFinalize() {
        for (int pe = 0; pe < NPES; pe++) {
            assertTiles(Traces.read(Traces.peFile(dir, pe)), pe);
        }
    }

    /**
     * The wrappers' general path (every call takes it on CLOCK_MONOTONIC: the fast path is for the TSC) records
     * the same events: names, target PEs and bytes in the same order, times tiling the PE.
     */
    @Test
    void theGeneralPathRecordsWhatTheFastPathRecords() {
        Path general = Workspace.freshDir("calls-trace-general");
        Programs.traced(NPES, general, Programs.compile("calls")).env("SHMEMTRACE_CLOCK", "monotonic").runOk();
        for (int pe = 0; pe < NPES; pe++) {
            Traces.Read fast = Traces.read(Traces.peFile(dir, pe));
            Traces.Read slow = Traces.read(Traces.peFile(general, pe));
            assertEquals(List.of(), slow.problems(), "PE " + pe);
            assertEquals(Layout.CLOCK_MONOTONIC, slow.file().header().clockSource());
            assertEquals(what(fast.events()), what(slow.events()), "PE " + pe);
            ExpectedCalls.assertCounts(EXPECTED, slow, pe);
            assertTiles(slow, pe);
        }
    }

    private static List<String> what(List<Recorded> events) {
        return events.stream().map(e -> e.name() + " pe=" + e.targetPe() + " bytes=" + e.bytes()).toList();
    }

    private static void assertTiles(Traces.Read t, int pe) {
        TraceHeader h = t.file().header();
        assertEquals(TraceState.FINALIZED, h.state());
        assertEquals(pe, h.pe());
        assertEquals(NPES, h.npes());
        List<Recorded> events = t.events();
        assertEquals("shmem_init", events.get(0).name());
        assertEquals("shmem_finalize", events.get(events.size() - 1).name());
        long sum = 0;
        for (int i = 0; i < events.size(); i++) {
            assertEquals(i, events.get(i).seq());
            sum += events.get(i).burstUnits() + (events.get(i).endUnits() - events.get(i).startUnits());
        }
        // Header times are raw clock readings taken by the writer, independent of the event encoding.
        long span = (h.finalTicks() >>> h.tickShift()) - (h.initTicks() >>> h.tickShift());
        assertEquals(span, sum, "PE " + pe + ": bursts + durations vs finalize end - init start");
    }

    @Test
    void summaryMatrixAndCsvAgreeWithTheCalls() {
        String csv = Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--csv", dir.toString())
                .runOk().stdout();
        List<String> rows = csv.lines().toList();
        assertTrue(rows.get(0).startsWith("pe,thread,seq,function,category,start_ns,end_ns,duration_ns,burst_ns,target_pe,bytes"));
        int total = 0;
        for (int pe = 0; pe < NPES; pe++) {
            for (ExpectedCalls.Call x : EXPECTED) total += x.count().applyAsInt(pe);
        }
        assertEquals(total + 1, rows.size());
        String[] put = rows.stream().filter(r -> r.startsWith("2,0,") && r.contains(",shmem_long_put,"))
                .findFirst().orElseThrow().split(",");
        assertEquals(List.of("PUT", "3", "128"), List.of(put[4], put[9], put[10]));
        assertTrue(put[11].startsWith("pe=3;len=16;target=0x"), put[11]);

        String summary = Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--summary", dir.toString())
                .runOk().stdout();
        List<String> lines = summary.lines().toList();
        int header = lines.indexOf("== bytes moved, PE x PE (row: calling PE, column: target PE)");
        assertTrue(header > 0, summary);
        for (int pe = 0; pe < NPES; pe++) {
            long[] expected = new long[NPES];
            for (ExpectedCalls.Call x : EXPECTED) {
                int target = x.target().applyAsInt(pe);
                if (target >= 0) expected[target] += x.count().applyAsInt(pe) * x.bytes();
            }
            List<Long> cells = new ArrayList<>();
            String[] parts = lines.get(header + 2 + pe).trim().split("\\s+");
            for (int c = 1; c < parts.length; c++) cells.add(Long.parseLong(parts[c]));
            assertEquals(java.util.Arrays.stream(expected).boxed().toList(), cells, "matrix row of PE " + pe);
        }
    }
}
