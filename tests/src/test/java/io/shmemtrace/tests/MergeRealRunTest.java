package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.format.AlignmentMethod;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Recorded;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** calls.c traced under oshrun -np 4, merged by dist/bin/shmem2psins, checked against the per-PE traces. */
class MergeRealRunTest {
    private static final int NPES = 4;
    private static Path traces;
    private static Path merged;
    private static final List<List<RunRecord>> records = new ArrayList<>();

    @BeforeAll
    static void traceAndMerge() throws Exception {
        traces = Workspace.freshDir("merge-calls");
        Programs.traced(NPES, traces, Programs.compile("calls")).runOk();
        merged = Workspace.WORK.resolve("merge-calls.psins");
        Files.deleteIfExists(merged);
        Files.deleteIfExists(Workspace.WORK.resolve("merge-calls.RankPid.extended"));
        Command.of(Workspace.DIST.resolve("bin/shmem2psins").toString(), "-q", "-o", merged.toString(),
                traces.toString()).runOk();
        try (MergedFile f = MergedFile.open(merged)) {
            for (int t = 0; t < NPES; t++) records.add(f.records(t));
        }
    }

    private static List<RunRecord> events(int pe) {
        return records.get(pe).stream().filter(r -> !r.burst()).toList();
    }

    @Test
    void everyEventOfEveryPeOnceInProgramOrderWithItsArguments() {
        for (int pe = 0; pe < NPES; pe++) {
            List<Recorded> source = Traces.read(Traces.peFile(traces, pe)).events();
            List<RunRecord> all = records.get(pe);
            assertEquals(2 * source.size(), all.size(), "PE " + pe + ": a burst before every event");
            for (int i = 0; i < source.size(); i++) {
                Recorded s = source.get(i);
                RunRecord burst = all.get(2 * i);
                RunRecord e = all.get(2 * i + 1);
                assertTrue(burst.burst());
                assertEquals(s.burstNs(), RunRecord.ns(burst.duration()), "PE " + pe + " burst before #" + i);
                assertEquals(s.name(), e.name(), "PE " + pe + " #" + i);
                assertEquals(pe, e.task());
                assertEquals(s.durationNs(), RunRecord.ns(e.duration()), "PE " + pe + " #" + i);
                if (e.type().payload() == RecordType.Payload.RMA) {
                    assertEquals(s.targetPe(), e.target(), s.name());
                    assertEquals(s.bytes(), e.bytes(), s.name());
                }
                if (e.type().payload() == RecordType.Payload.COLLECTIVE) {
                    assertEquals(s.bytes(), e.bytes(), s.name());
                    assertEquals(s.fields().getOrDefault("PE_root", -1L), (long) e.root(), s.name());
                }
            }
        }
    }

    @Test
    void countsAndTimesMatchTheSummaryOfShmembin2txt() {
        String summary = Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--summary", "--ns",
                traces.toString()).runOk().stdout();
        for (int pe = 0; pe < NPES; pe++) {
            Map<String, long[]> fromSummary = summaryTable(summary, "== PE " + pe);
            Map<String, long[]> fromMerged = new TreeMap<>();
            for (RunRecord e : events(pe)) {
                long[] t = fromMerged.computeIfAbsent(e.name(), k -> new long[2]);
                t[0]++;
                t[1] += RunRecord.ns(e.duration());
            }
            assertEquals(fromSummary.keySet(), fromMerged.keySet(), "PE " + pe);
            for (String name : fromSummary.keySet()) {
                assertEquals(fromSummary.get(name)[0], fromMerged.get(name)[0], "PE " + pe + " " + name + " calls");
                assertEquals(fromSummary.get(name)[1], fromMerged.get(name)[1], "PE " + pe + " " + name + " total_ns");
            }
        }
    }

    /** name -> (calls, total_ns) from a "== ..." section of the summary. */
    private static Map<String, long[]> summaryTable(String summary, String title) {
        Map<String, long[]> table = new TreeMap<>();
        List<String> lines = summary.lines().toList();
        int i = lines.indexOf(title);
        assertTrue(i >= 0, title + " in:\n" + summary);
        while (!lines.get(i).startsWith("  function ")) i++; // past the title, window and whole-trace lines
        for (i++; i < lines.size() && !lines.get(i).isBlank(); i++) {
            String[] cols = lines.get(i).trim().split("\\s+");
            table.put(cols[0], new long[] {Long.parseLong(cols[1]), Long.parseLong(cols[2])});
        }
        return table;
    }

    /** The first event named name at or after event index from. */
    private static RunRecord next(List<RunRecord> events, String name, int from) {
        return events.stream().filter(r -> r.event() >= from && r.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void quietsCompleteTheirPutsAndNbiOperations() {
        for (int pe = 0; pe < NPES; pe++) {
            List<RunRecord> ev = events(pe);
            RunRecord put = next(ev, "shmem_long_put", 0);
            RunRecord nbiPut = next(ev, "shmem_putmem_nbi", 0);
            RunRecord quiet1 = next(ev, "shmem_quiet", 0);
            RunRecord quiet2 = next(ev, "shmem_quiet", (int) quiet1.event() + 1);
            // long_put, 10+me long_p and the putmem_nbi are outstanding at the first quiet.
            assertEquals(quiet1.event(), put.completion());
            assertEquals(quiet1.event(), nbiPut.completion());
            assertTrue(nbiPut.nonblocking());
            assertTrue(put.deferred());
            assertEquals(12 + pe, quiet1.completed(), "PE " + pe);
            // The two getmem_nbi, and nothing else, at the second.
            List<RunRecord> getsNbi = ev.stream().filter(r -> r.name().equals("shmem_getmem_nbi")).toList();
            assertEquals(2, getsNbi.size());
            getsNbi.forEach(g -> assertEquals(quiet2.event(), g.completion()));
            assertEquals(2, quiet2.completed());
            // Blocking gets and fetching atomics complete on return.
            for (String name : List.of("shmem_long_get", "shmem_int_g", "shmem_int_iget", "shmem_long_atomic_fetch_add",
                    "shmem_long_atomic_compare_swap")) {
                ev.stream().filter(r -> r.name().equals(name)).forEach(r -> assertEquals(r.event(), r.completion(), name));
            }
            // iput and the non-fetching atomic incs wait for the barrier that follows them.
            RunRecord iput = next(ev, "shmem_long_iput", 0);
            RunRecord barrier = next(ev, "shmem_barrier_all", (int) iput.event());
            assertEquals(barrier.event(), iput.completion());
            ev.stream().filter(r -> r.name().equals("shmem_int_atomic_inc"))
                    .forEach(r -> assertEquals(barrier.event(), r.completion()));
            // A put on a context is completed by that context's quiet, not by the default context's calls.
            RunRecord ctxPut = next(ev, "shmem_ctx_long_put", 0);
            RunRecord ctxQuiet = next(ev, "shmem_ctx_quiet", 0);
            assertTrue(ctxPut.onContext());
            assertEquals(ctxQuiet.event(), ctxPut.completion());
            assertEquals(1, ctxQuiet.completed());
            // The flag put before wait_until is outstanding across the context calls, until the next barrier.
            RunRecord flag = next(ev, "shmem_long_p", (int) next(ev, "shmem_clear_lock", 0).event());
            assertEquals(next(ev, "shmem_barrier_all", (int) flag.event()).event(), flag.completion());
        }
    }

    @Test
    void collectivesAreOneOperationOnEveryPe() throws Exception {
        try (MergedFile f = MergedFile.open(merged)) {
            assertEquals(0, f.header().collectiveMismatches());
            assertEquals(1, f.peSets().size(), "all of calls.c's collectives are on all 4 PEs");
            assertEquals(NPES, f.peSets().get(0).size());
            assertEquals(AlignmentMethod.MONOTONIC, f.header().alignment(), "one host: its CLOCK_MONOTONIC");
            assertTrue(f.header().barrierSpreadNs() >= 0);
        }
        List<String> expected = List.of("shmem_barrier_all", "shmem_barrier_all", "shmem_long_sum_to_all",
                "shmem_barrier_all", "shmem_broadcast64", "shmem_fcollect32", "shmem_barrier_all", "shmem_barrier_all");
        for (int pe = 0; pe < NPES; pe++) {
            List<RunRecord> collectives = events(pe).stream()
                    .filter(r -> r.type().payload() == RecordType.Payload.COLLECTIVE).toList();
            assertEquals(expected, collectives.stream().map(RunRecord::name).toList(), "PE " + pe);
            for (int k = 0; k < collectives.size(); k++) {
                assertEquals(k, collectives.get(k).instance());
                assertEquals(0, collectives.get(k).set());
            }
            RunRecord bcast = collectives.get(4);
            assertEquals(1, bcast.root());
            assertEquals(32, bcast.bytes());
        }
    }

    @Test
    void setLockAndClearLockArePaired() throws Exception {
        for (int pe = 0; pe < NPES; pe++) {
            List<RunRecord> ev = events(pe);
            RunRecord set = next(ev, "shmem_set_lock", 0);
            RunRecord clear = next(ev, "shmem_clear_lock", 0);
            assertEquals(clear.event(), set.partner());
            assertEquals(set.event(), clear.partner());
            assertEquals(set.lock(), clear.lock());
        }
        try (MergedFile f = MergedFile.open(merged)) {
            assertEquals(0, f.header().unpairedLocks());
        }
    }

    @Test
    void callTableListsTheCalledFunctionsInOrderOfFirstUse() throws Exception {
        List<String> firstUse = new ArrayList<>();
        for (int pe = 0; pe < NPES; pe++) {
            for (Recorded e : Traces.read(Traces.peFile(traces, pe)).events()) {
                if (!firstUse.contains(e.name())) firstUse.add(e.name());
            }
        }
        try (MergedFile f = MergedFile.open(merged)) {
            assertEquals(firstUse, f.calls().stream().map(c -> c.name()).toList());
        }
    }

    @Test
    void rankPidExtendedCountsEveryCallOfEveryPe() throws Exception {
        Map<String, Long> counts = new HashMap<>();
        for (String line : Files.readAllLines(Workspace.WORK.resolve("merge-calls.RankPid.extended"))) {
            String[] f = line.split(" ");
            assertEquals("SHMEM", f[0], line);
            counts.put(f[1] + " " + f[2], Long.parseLong(f[3].substring("count=".length())));
        }
        for (int pe = 0; pe < NPES; pe++) {
            assertEquals(11 + pe, counts.get("rank=" + pe + " name=shmem_long_p"), "10+me calls and the flag");
            assertEquals(5, counts.get("rank=" + pe + " name=shmem_barrier_all"));
            assertEquals(pe + 1, counts.get("rank=" + pe + " name=shmem_long_atomic_fetch_add"));
        }
    }
}
