package io.shmemtrace.merged.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import io.shmemtrace.merged.format.AlignmentMethod;
import io.shmemtrace.merged.format.RecordType;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.merged.read.PeEntry;
import io.shmemtrace.synth.SynthRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Merges of synthetic runs, checked event by event against the per-PE traces they came from. */
class MergeTest {
    private static final int PES = 4;
    private static final int EVENTS = 300;
    /** What completes outstanding puts on the default context (OpenSHMEM 1.4; clear_lock quiets first). */
    private static final Set<RecordType> COMPLETERS = Set.of(RecordType.QUIET, RecordType.BARRIER_ALL, RecordType.BARRIER,
            RecordType.FINALIZE, RecordType.CLEAR_LOCK, RecordType.MALLOC, RecordType.FREE);
    /** The calls that return before their remote effect is complete. */
    private static final Set<RecordType> DEFERRED = Set.of(RecordType.PUT, RecordType.PUT_NBI, RecordType.P,
            RecordType.IPUT, RecordType.GET_NBI, RecordType.ATOMIC);

    @TempDir
    Path tmp;

    private Path synth(int hosts) {
        Path dir = tmp.resolve("run" + hosts);
        try {
            Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        new SynthRun(PES, EVENTS, hosts, 64 * 1024, "test-run").writeTo(dir);
        return dir;
    }

    private Path merge(Path run) throws Exception {
        Path out = tmp.resolve(run.getFileName() + ".psins");
        Merged.Run r = Merged.run(run, out);
        assertTrue(r.merged(), r.err());
        return out;
    }

    /** The per-PE events, copied as (name, target, bytes, start ns, duration ns, burst ns). */
    private record Source(String name, int target, long bytes, long startNs, long durationNs, long burstNs) {}

    private static List<Source> source(Path file) throws Exception {
        List<Source> list = new ArrayList<>();
        try (TraceFile f = TraceFile.open(file)) {
            f.read((TraceEvent e) -> list.add(new Source(e.name(), e.targetPe(), e.bytes(), e.startNs(), e.durationNs(),
                    e.burstNs())));
        }
        return list;
    }

    @Test
    void everyEventOnceInProgramOrderWithItsArgumentsAndTimes() throws Exception {
        Path run = synth(1);
        Path merged = merge(run);
        long minInit = Long.MAX_VALUE;
        for (int pe = 0; pe < PES; pe++) {
            try (TraceFile f = TraceFile.open(run.resolve(String.format("pe%05d.shmt", pe)))) {
                minInit = Math.min(minInit, f.header().initMonoNs());
            }
        }
        try (MergedFile f = MergedFile.open(merged)) {
            assertEquals(PES, f.header().tasks());
            assertEquals((long) PES * EVENTS, f.header().events());
            assertEquals("test-run", f.header().runId());
            for (int pe = 0; pe < PES; pe++) {
                Path file = run.resolve(String.format("pe%05d.shmt", pe));
                long initOffset;
                try (TraceFile t = TraceFile.open(file)) {
                    initOffset = t.header().initMonoNs() - minInit;
                }
                List<Source> expected = source(file);
                List<RunRecord> records = f.records(pe);
                assertEquals(2 * EVENTS, records.size());
                assertEquals(2L * EVENTS, f.tasks().get(pe).records());
                for (int i = 0; i < EVENTS; i++) {
                    RunRecord burst = records.get(2 * i);
                    RunRecord event = records.get(2 * i + 1);
                    Source s = expected.get(i);
                    assertTrue(burst.burst(), "record " + 2 * i + " of PE " + pe + " is a burst");
                    assertEquals(s.burstNs(), RunRecord.ns(burst.duration()));
                    assertEquals(i, event.event());
                    assertEquals(pe, event.task());
                    assertEquals(s.name(), event.name(), "PE " + pe + " event " + i);
                    assertEquals(s.durationNs(), RunRecord.ns(event.duration()));
                    assertEquals(initOffset + s.startNs(), RunRecord.ns(event.start()));
                    if (event.type().payload() == RecordType.Payload.RMA) {
                        assertEquals(s.target(), event.target());
                        assertEquals(s.bytes(), event.bytes());
                    }
                }
            }
        }
    }

    @Test
    void putsAreLinkedToTheCallThatCompletesThem() throws Exception {
        List<List<RunRecord>> tasks = Merged.events(merge(synth(1)));
        int linked = 0;
        for (List<RunRecord> events : tasks) {
            for (RunRecord r : events) {
                if (r.type().payload() != RecordType.Payload.RMA) continue;
                if (!DEFERRED.contains(r.type())) {
                    assertEquals(r.event(), r.completion(), "a blocking get or fetching atomic completes on return");
                    continue;
                }
                // The first quiet, barrier or finalize after the put, and nothing earlier.
                int expected = -1;
                for (int j = (int) r.event() + 1; j < events.size() && expected < 0; j++) {
                    if (COMPLETERS.contains(events.get(j).type())) expected = j;
                }
                assertEquals(expected, r.completion(), r.name() + " #" + r.event());
                assertEquals(r.type() == RecordType.PUT_NBI, r.nonblocking());
                assertEquals(r.type() == RecordType.P, r.deferred());
                linked++;
            }
            for (RunRecord q : events) {
                if (q.type() != RecordType.QUIET) continue;
                long completed = events.stream().filter(r -> r.type().payload() == RecordType.Payload.RMA
                        && r.completion() == q.event() && r.event() != q.event()).count();
                assertEquals(2, q.completed(), "each synthetic quiet completes the iteration's two nbi puts");
                assertEquals(completed, q.completed());
            }
        }
        assertTrue(linked > PES * 50, "puts checked: " + linked);
    }

    @Test
    void collectivesAreNumberedPerSetAndMatchAcrossPes() throws Exception {
        Path merged = merge(synth(1));
        try (MergedFile f = MergedFile.open(merged)) {
            assertEquals(0, f.header().collectiveMismatches());
            assertEquals(1, f.peSets().size(), "every synthetic collective is on all PEs");
            assertEquals(PES, f.peSets().get(0).size());
        }
        List<List<RunRecord>> tasks = Merged.events(merged);
        List<RunRecord> reference = collectives(tasks.get(0));
        assertTrue(reference.stream().anyMatch(r -> r.type() == RecordType.BROADCAST && r.root() > 0));
        for (List<RunRecord> events : tasks) {
            List<RunRecord> mine = collectives(events);
            assertEquals(reference.size(), mine.size());
            for (int k = 0; k < mine.size(); k++) {
                assertEquals(k, mine.get(k).instance());
                assertEquals(reference.get(k).name(), mine.get(k).name());
                assertEquals(reference.get(k).root(), mine.get(k).root());
                assertEquals(0, mine.get(k).set());
            }
        }
    }

    private static List<RunRecord> collectives(List<RunRecord> events) {
        return events.stream().filter(r -> r.type().payload() == RecordType.Payload.COLLECTIVE).toList();
    }

    @Test
    void eachSetLockIsPairedWithItsClearLock() throws Exception {
        List<List<RunRecord>> tasks = Merged.events(merge(synth(1)));
        for (List<RunRecord> events : tasks) {
            List<RunRecord> sets = events.stream().filter(r -> r.type() == RecordType.SET_LOCK).toList();
            // A pair every 16th iteration; 16 iterations take 120 events, so 295 loop events hold two.
            assertEquals(2, sets.size());
            for (RunRecord set : sets) {
                RunRecord clear = events.get(set.partner());
                assertEquals(RecordType.CLEAR_LOCK, clear.type());
                assertEquals(set.event() + 1, clear.event());
                assertEquals(set.event(), clear.partner());
                assertEquals(set.lock(), clear.lock());
            }
        }
    }

    @Test
    void severalHostsAreAlignedOnTheFirstBarrier() throws Exception {
        Path run = synth(2);
        Path barrier = merge(run);
        try (MergedFile f = MergedFile.open(barrier)) {
            assertEquals(io.shmemtrace.merged.format.AlignmentMethod.BARRIER, f.header().alignment());
            assertEquals(SynthRun.HOST_SKEW_NS, f.header().barrierSpreadNs(), "the clocks disagree by one host skew");
        }
        // Every barrier_all of every iteration ends at one instant on all PEs, not just the first.
        List<List<RunRecord>> tasks = Merged.events(barrier);
        List<Long> ends0 = barrierEnds(tasks.get(0));
        for (List<RunRecord> events : tasks) assertEquals(ends0, barrierEnds(events));

        Path clock = tmp.resolve("clock.psins");
        assertTrue(Merged.run(run, clock, false, false, Alignment.Mode.CLOCK).merged());
        List<List<RunRecord>> byClock = Merged.events(clock);
        List<Long> host0 = barrierEnds(byClock.get(0));
        List<Long> host1 = barrierEnds(byClock.get(PES - 1));
        for (int k = 0; k < host0.size(); k++) {
            assertEquals(SynthRun.HOST_SKEW_NS, host1.get(k) - host0.get(k), "realtime alone keeps the skew");
        }
    }

    private static List<Long> barrierEnds(List<RunRecord> events) {
        return events.stream().filter(r -> r.type() == RecordType.BARRIER_ALL)
                .map(r -> RunRecord.ns(r.start() + r.duration())).toList();
    }

    @Test
    void rankPidExtendedHasCountAndTimePerPeAndCall() throws Exception {
        Path run = synth(1);
        Path merged = merge(run);
        List<String> lines = Files.readAllLines(tmp.resolve("run1.RankPid.extended"));
        List<String> expected = new ArrayList<>();
        for (int pe = 0; pe < PES; pe++) {
            Map<String, long[]> totals = new TreeMap<>();
            for (Source s : source(run.resolve(String.format("pe%05d.shmt", pe)))) {
                long[] t = totals.computeIfAbsent(s.name(), k -> new long[2]);
                t[0]++;
                t[1] += s.durationNs();
            }
            for (Map.Entry<String, long[]> e : totals.entrySet()) {
                expected.add(String.format(Locale.ROOT, "SHMEM rank=%d name=%s count=%d time=%.9f", pe, e.getKey(),
                        e.getValue()[0], e.getValue()[1] / 1e9));
            }
        }
        assertEquals(expected.stream().sorted().toList(), lines.stream().sorted().toList());
        assertTrue(Files.size(merged) > 0);
    }
}
