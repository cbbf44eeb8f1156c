package io.shmemtrace.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.analysis.delay.Delays;
import io.shmemtrace.analysis.findings.Finding;
import io.shmemtrace.analysis.findings.Findings;
import io.shmemtrace.analysis.findings.Names;
import io.shmemtrace.analysis.whatif.WhatIf;
import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.testing.SyntheticRun;
import io.shmemtrace.io.Messages;
import io.shmemtrace.merged.merge.MergedRun;
import io.shmemtrace.merged.merge.RunReading;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.replay.machine.Machine;
import io.shmemtrace.replay.machine.MachineFile;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.Models;
import io.shmemtrace.spec.SpecEvents;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The diagnosis on synthetic runs whose answers are computed by hand: the critical path equals the window, the
 * causes of the waits sum to them, and each what-if gives the window worked out from the trace.
 */
class DiagnosisTest {
    private static final long MS = 1_000_000, US = 1_000;
    private static final double NS = 1e-9, EXACT = 1e-12;
    private static final EventTable TABLE = SpecEvents.subset("shmem_init", "shmem_finalize", "shmem_barrier_all",
            "shmem_putmem", "shmem_set_lock", "shmem_clear_lock", "shmem_long_p", "shmem_long_wait_until", "shmem_quiet");

    @TempDir
    Path dir;

    /** Ten steps: PE p computes work[p] ns, then a barrier whose own cost is 10 us (the last arrival's duration). */
    private Path steps(String name, long... work) throws Exception {
        SyntheticRun run = new SyntheticRun(work.length, TABLE).all("shmem_init", 0, 500 * US);
        long max = 0;
        for (long w : work) max = Math.max(max, w);
        for (int k = 0; k < 10; k++) {
            for (int pe = 0; pe < work.length; pe++) run.call(pe, "shmem_barrier_all", work[pe], max - work[pe] + 10 * US);
        }
        run.all("shmem_finalize", 0, 800 * US);
        return run.writeTo(Files.createDirectories(dir.resolve(name)));
    }

    private interface Check {
        void on(MergedFile f, Diagnosis d, Diagnosis.Result r) throws Exception;
    }

    private static void diagnose(Path run, Check check) throws Exception {
        diagnose(run, null, null, check);
    }

    /** The same on machine (its file), priced by model (null, null: on the traced times). */
    private static void diagnose(Path run, Path machine, String model, Check check) throws Exception {
        Machine m = machine == null ? null : MachineFile.read(machine);
        CommModel priced = model == null ? null : Models.named(model).orElseThrow();
        MergedRun.convert(run, RunReading.DEFAULT, Messages.of("test", System.err, null), f -> {
            Diagnosis d = new Diagnosis(f, m, priced);
            try {
                check.on(f, d, d.analyse(null));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            return null;
        });
    }

    @Test
    void theCriticalPathIsTheWindowAndRunsWhereTheLatePeComputes() throws Exception {
        diagnose(steps("late", 1 * MS, 3 * MS), (f, d, r) -> {
            double window = 10 * (3 * MS + 10 * US) * NS;
            assertEquals(window, r.window(), EXACT);
            assertEquals(window, r.path().length(), EXACT);
            Map<Integer, Double> byPe = r.path().by(Activity::pe);
            // PE 1's compute every step and its barriers but the last, whose end PE 0's path holds (PE 0 is first found)
            assertEquals(10 * 3 * MS * NS + 9 * 10 * US * NS, byPe.get(1), EXACT);
            assertEquals(10 * US * NS, byPe.get(0), EXACT);
            // per activity, on the path: 30 ms of computing, 100 us of barrier
            double computing = r.path().by(a -> a.kind()).get(Activity.Kind.COMPUTE);
            assertEquals(30 * MS * NS, computing, EXACT);
        });
    }

    @Test
    void theCausesOfTheWaitsSumToThemAndNameTheLatePesComputation() throws Exception {
        diagnose(steps("causes", 1 * MS, 3 * MS), (f, d, r) -> {
            Delays.Result delays = r.delays();
            assertEquals(10 * 2 * MS * NS, delays.waited(), EXACT); // PE 0 waits 2 ms at each barrier
            assertEquals(delays.waited(), delays.explained(), EXACT);
            assertEquals(delays.explained(), delays.direct() + delays.propagated(), EXACT);
            Map<Activity, Double> byCause = delays.causedBy(a -> a);
            assertEquals(Map.of(new Activity(1, Activity.Kind.COMPUTE, -1, -1, -1), 20 * MS * NS).keySet(), byCause.keySet());
            assertEquals(20 * MS * NS, byCause.values().iterator().next(), EXACT);
            assertEquals(0, delays.propagated(), EXACT);
            assertEquals(byCause.keySet(), delays.roots().keySet(), "no propagation: the roots are the causes");
        });
    }

    @Test
    void aPropagatedDelayIsFollowedBackToWhereItStarted() throws Exception {
        // PE 2 computes 3 ms and writes PE 1's flag; PE 1 waits for it, then writes PE 0's flag; PE 0 waits for that.
        // PE 0's wait is caused by PE 1's waiting (propagated); followed back, by PE 2's computation
        SyntheticRun run = new SyntheticRun(3, TABLE).all("shmem_init", 0, 500 * US);
        run.call(2, "shmem_long_p", 3 * MS, 1 * US, 1, 0x10000, 1);
        run.call(1, "shmem_long_wait_until", 0, 3 * MS + 2 * US, 0x10000, 5, 1); // 5: SHMEM_CMP_GE
        run.call(1, "shmem_long_p", 1 * US, 1 * US, 0, 0x10008, 1);
        run.call(0, "shmem_long_wait_until", 0, 3 * MS + 5 * US, 0x10008, 5, 1);
        run.call(2, "shmem_barrier_all", 0, 10 * US + 4 * US);
        run.call(1, "shmem_barrier_all", 0, 10 * US);
        run.call(0, "shmem_barrier_all", 0, 10 * US);
        run.all("shmem_finalize", 0, 800 * US);
        diagnose(run.writeTo(Files.createDirectories(dir.resolve("propagated"))), (f, d, r) -> {
            Delays.Result delays = r.delays();
            assertTrue(delays.propagated() > 0, "PE 0's wait is charged to PE 1's waiting");
            double roots = delays.roots().values().stream().mapToDouble(Double::doubleValue).sum();
            assertEquals(delays.explained(), roots, 1e-12, "the root causes sum to the waits they explain");
            for (Activity a : delays.roots().keySet()) assertTrue(a.kind() != Activity.Kind.WAIT, "a root waits: " + a);
            // PE 1's own few microseconds (its put, its computing) delayed PE 0 too; the rest goes back to PE 2
            double pe2 = delays.roots().getOrDefault(new Activity(2, Activity.Kind.COMPUTE, -1, -1, -1), 0.0);
            assertTrue(pe2 > 0.99 * roots, delays.roots().toString());
        });
    }

    @Test
    void balancingTheComputationGivesTheMeanPesWindow() throws Exception {
        // 1 ms and 3 ms: balanced, both 2 ms a step: ten steps of 2 ms + 10 us
        diagnose(steps("balance", 1 * MS, 3 * MS), (f, d, r) -> {
            Diagnosis.Priced p = d.price(WhatIf.parse("balance:-"));
            assertEquals(10 * (3 * MS + 10 * US) * NS, p.unchanged(), EXACT);
            assertEquals(10 * (2 * MS + 10 * US) * NS, p.changed(), EXACT);
            assertEquals(10 * MS * NS, p.gain(), EXACT);
        });
    }

    @Test
    void aSpikeInOneStepIsBalancedInThatStepAndNeverLengthensTheRun() throws Exception {
        // PE 1 computes 3 ms in the third step, 1 ms in the others, as PE 0 always does: balanced, that step takes 2 ms
        SyntheticRun run = new SyntheticRun(2, TABLE).all("shmem_init", 0, 500 * US);
        for (int k = 0; k < 10; k++) {
            long late = k == 2 ? 2 * MS : 0;
            run.call(0, "shmem_barrier_all", MS, late + 10 * US);
            run.call(1, "shmem_barrier_all", MS + late, 10 * US);
        }
        run.all("shmem_finalize", 0, 800 * US);
        diagnose(run.writeTo(Files.createDirectories(dir.resolve("spike"))), (f, d, r) -> {
            Diagnosis.Priced p = d.price(WhatIf.parse("balance:-"));
            assertEquals((10 * (MS + 10 * US) + 2 * MS) * NS, p.unchanged(), EXACT);
            assertEquals((10 * (MS + 10 * US) + MS) * NS, p.changed(), EXACT);
            // spread over the whole run instead (each PE's compute scaled alike), PE 0's steps would all grow by 10 %
            // and the run would have taken 12.65 ms
        });
    }

    @Test
    void removingOnePesDelayLeavesTheNextLatest() throws Exception {
        // 1, 4 and 3 ms: the mean is 8/3 ms; PE 1 brought to it, PE 2's 3 ms sets the pace; balanced, 8/3 ms
        diagnose(steps("remove", 1 * MS, 4 * MS, 3 * MS), (f, d, r) -> {
            assertEquals(10 * (3 * MS + 10 * US) * NS, d.price(WhatIf.parse("remove-delay:1:-")).changed(), EXACT);
            assertEquals(10 * (8.0 / 3 * MS + 10 * US) * NS, d.price(WhatIf.parse("balance:-")).changed(), 1e-9);
        });
    }

    @Test
    void anIdealCpuLeavesTheBarriersAndAnIdealNetworkTheComputation() throws Exception {
        SyntheticRun run = new SyntheticRun(2, TABLE).all("shmem_init", 0, 500 * US);
        for (int k = 0; k < 5; k++) {
            run.all("shmem_putmem", MS, 300 * US, 0, 1 << 20, 0x10000); // to PE 0 from both: the fields name PE 0
            run.all("shmem_barrier_all", 0, 20 * US);
        }
        run.all("shmem_finalize", 0, 800 * US);
        diagnose(run.writeTo(Files.createDirectories(dir.resolve("ideal"))), (f, d, r) -> {
            assertEquals(5 * (MS + 320 * US) * NS, r.window(), EXACT);
            assertEquals(5 * (320 * US) * NS, d.price(WhatIf.parse("ideal-cpu")).changed(), EXACT);
            assertEquals(5 * MS * NS, d.price(WhatIf.parse("ideal-network")).changed(), EXACT);
        });
    }

    @Test
    void aggregatingARunOfSmallPutsKeepsTheComputationBeforeItAndOneCall() throws Exception {
        // five steps: 1 ms of computing, then 8 shmem_long_p of 2 us to the other PE with 100 ns between them (the
        // loop), then a barrier of 10 us. Each run merged: the 1 ms, one call of 2 us (the run's mean), the barrier
        SyntheticRun run = new SyntheticRun(2, TABLE).all("shmem_init", 0, 500 * US);
        for (int k = 0; k < 5; k++) {
            for (int pe = 0; pe < 2; pe++) {
                for (int i = 0; i < 8; i++) run.call(pe, "shmem_long_p", i == 0 ? MS : 100, 2 * US, 1 - pe, 0x10000 + 8 * i, i);
            }
            run.all("shmem_barrier_all", 0, 10 * US);
        }
        run.all("shmem_finalize", 0, 800 * US);
        diagnose(run.writeTo(Files.createDirectories(dir.resolve("aggregate"))), (f, d, r) -> {
            Diagnosis.Priced p = d.price(WhatIf.parse("aggregate:shmem_long_p"));
            assertEquals(5 * (MS + 8 * 2 * US + 7 * 100 + 10 * US) * NS, p.unchanged(), EXACT);
            assertEquals(5 * (MS + 2 * US + 10 * US) * NS, p.changed(), EXACT);
            List<Finding> findings = Findings.of(f, d, r, new Names(f, n -> { }));
            Finding top = findings.get(0);
            assertEquals("small-transfers", top.kind());
            assertEquals(List.of(0, 1), top.pes());
            assertEquals("aggregate:shmem_long_p", top.whatIf().spec());
            assertEquals(5 * (8 * 2 * US + 7 * 100) * NS, top.seconds(), EXACT); // on each PE: its calls and the loop
            assertEquals(5 * (7 * 2 * US + 7 * 100) * NS, top.predictedGain(), EXACT);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> d.price(WhatIf.parse("aggregate:shmem_barrier_all")));
            assertTrue(e.getMessage().contains("cannot be merged"), e.getMessage());
            assertEquals("what-if aggregate:shmem_getmem: the run makes no call shmem_getmem",
                    assertThrows(IllegalArgumentException.class, () -> d.price(WhatIf.parse("aggregate:shmem_getmem")))
                            .getMessage());
        });
    }

    @Test
    void transfersOnStaticDataArePricedOnTheHeapWhereTheMachineTellsThemApart() throws Exception {
        // PE 0: ten puts of 8 B to a global of PE 1 (no shmem_malloc: every address is static data), 10 us of
        // computing before each, then a barrier. The machine: a put to the heap 1 us in the call and 3 us to land, to a
        // global 7 us and 9 us. Each put 6 us shorter; the barrier waits 2 us for the last to land either way
        SyntheticRun run = new SyntheticRun(2, TABLE).all("shmem_init", 0, 500 * US);
        for (int i = 0; i < 10; i++) run.call(0, "shmem_putmem", 10 * US, 5 * US, 1, 8, 0x600000);
        run.all("shmem_barrier_all", 0, 10 * US).all("shmem_finalize", 0, 800 * US);
        Path trace = run.writeTo(Files.createDirectories(dir.resolve("static")));
        Path machine = Files.writeString(dir.resolve("static.cfg"), """
                Machine 1 1e300 0 1
                Node -1 4 1 1 1e300 0 1.0
                Model loggp onnode.L=0 onnode.o=0 onnode.g=0 onnode.G=0 offnode.L=0 offnode.o=0 offnode.g=0 offnode.G=0
                Model table put.call=8:1e-6 put.complete=8:3e-6 static.put.call=8:7e-6 static.put.complete=8:9e-6
                """);
        diagnose(trace, machine, "table", (f, d, r) -> {
            Diagnosis.Priced p = d.price(WhatIf.parse("heap:shmem_putmem"));
            assertEquals(10 * 6 * US * NS, p.gain(), EXACT);
            Finding found = Findings.of(f, d, r, new Names(f, n -> { })).stream()
                    .filter(x -> x.kind().equals("static-data")).findFirst().orElseThrow();
            assertEquals("heap:shmem_putmem", found.whatIf().spec());
            assertEquals(10 * 6 * US * NS, found.predictedGain(), EXACT);
        });
        // on the traced times nothing tells the two apart: no such finding, and the what-if changes nothing
        diagnose(trace, (f, d, r) -> {
            assertEquals(0, d.price(WhatIf.parse("heap:shmem_putmem")).gain(), EXACT);
            assertTrue(Findings.of(f, d, r, new Names(f, n -> { })).stream().noneMatch(x -> x.kind().equals("static-data")));
        });
    }

    @Test
    void aPutMadeNonBlockingOverlapsTheComputationBeforeItsQuiet() throws Exception {
        // five steps: 1 ms of computing, a blocking put of 300 us, 200 us of computing, a quiet of 5 us, a barrier of
        // 10 us. Posted, the put returns at once and lands 300 us after its start; the quiet waits for the last 100 us
        SyntheticRun run = new SyntheticRun(2, TABLE).all("shmem_init", 0, 500 * US);
        for (int k = 0; k < 5; k++) {
            for (int pe = 0; pe < 2; pe++) run.call(pe, "shmem_putmem", MS, 300 * US, 1 - pe, 4096, 0x10000);
            run.all("shmem_quiet", 200 * US, 5 * US);
            run.all("shmem_barrier_all", 0, 10 * US);
        }
        run.all("shmem_finalize", 0, 800 * US);
        diagnose(run.writeTo(Files.createDirectories(dir.resolve("nonblocking"))), (f, d, r) -> {
            Diagnosis.Priced p = d.price(WhatIf.parse("nonblocking:shmem_putmem"));
            assertEquals(5 * (MS + 300 * US + 200 * US + 5 * US + 10 * US) * NS, p.unchanged(), EXACT);
            assertEquals(5 * (MS + 300 * US + 10 * US) * NS, p.changed(), EXACT);
            assertEquals("what-if nonblocking:shmem_quiet: shmem_quiet is not a blocking put or get with a posted form"
                    + " (shmem_put, shmem_p, shmem_get, shmem_g and their typed forms are)", assertThrows(
                    IllegalArgumentException.class, () -> d.price(WhatIf.parse("nonblocking:shmem_quiet"))).getMessage());
        });
    }

    @Test
    void deferringTheWritersPreparationReleasesTheWaiterAtOnce() throws Exception {
        // five steps: PE 0 prepares (region prepare, 1 ms), then writes PE 1's flag (shmem_long_p, 5 us); PE 1 waits
        // for the flag (released as the put returns), computes 1 ms, and both meet at a barrier of 10 us. Deferred,
        // PE 0 writes first: PE 1 is released 5 us into the step, and both reach the barrier 1.005 ms in
        SyntheticRun run = new SyntheticRun(2, TABLE).all("shmem_init", 0, 500 * US);
        for (int k = 0; k < 5; k++) {
            run.begin(0, "prepare", 0).end(0, "prepare", MS).call(0, "shmem_long_p", 0, 5 * US, 1, 0x10000, 1)
                    .call(0, "shmem_barrier_all", 0, MS + 10 * US);
            run.call(1, "shmem_long_wait_until", 0, MS + 5 * US, 0x10000, 0, 0).call(1, "shmem_barrier_all", MS, 10 * US);
        }
        run.all("shmem_finalize", 0, 800 * US);
        diagnose(run.writeTo(Files.createDirectories(dir.resolve("defer"))), (f, d, r) -> {
            Diagnosis.Priced p = d.price(WhatIf.parse("defer:prepare:0"));
            assertEquals(5 * (2 * MS + 15 * US) * NS, p.unchanged(), EXACT);
            assertEquals(5 * (MS + 15 * US) * NS, p.changed(), EXACT);
        });
    }

    @Test
    void theTopFindingIsTheImbalanceWithItsPricedFix() throws Exception {
        diagnose(steps("findings", 1 * MS, 3 * MS, 1 * MS, 1 * MS), (f, d, r) -> {
            List<Finding> findings = Findings.of(f, d, r, new Names(f, n -> { }));
            Finding top = findings.get(0);
            assertEquals("imbalance", top.kind());
            assertEquals(List.of(1), top.pes());
            assertEquals(null, top.region());
            // the mean is 1.5 ms: balanced, ten steps of 1.5 ms + 10 us; PE 1's 2 ms of excess, waited by three PEs
            assertEquals(10 * 1.5 * MS * NS, top.predictedGain(), 1e-9);
            assertEquals(3 * 10 * 2 * MS * NS, top.seconds(), 1e-9);
            assertTrue(Findings.missing(f).get(0).startsWith("no regions in this run"), Findings.missing(f).toString());
        });
    }

    @Test
    void aWhatIfOnWhatTheRunLacksIsOneLine() throws Exception {
        diagnose(steps("lacks", 1 * MS, 3 * MS), (f, d, r) -> {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> d.price(WhatIf.parse("balance:solve")));
            assertEquals("what-if balance:solve: the run has no region solve (it has none)", e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> WhatIf.parse("balance:"));
            assertThrows(IllegalArgumentException.class, () -> WhatIf.parse("remove-delay:x:-"));
            assertEquals("remove-delay:2:-", WhatIf.parse("remove-delay:2:-").spec());
            assertThrows(IllegalArgumentException.class, () -> WhatIf.parse("defer:-")); // a region's computation only
            assertEquals("defer:solve:3", WhatIf.parse("defer:solve:3").spec());
            assertEquals("what-if defer:solve: the run has no region solve (it has none)",
                    assertThrows(IllegalArgumentException.class, () -> d.price(WhatIf.parse("defer:solve"))).getMessage());
        });
    }

    @Test
    void theReportListsTheFindingsFirst() throws Exception {
        diagnose(steps("report", 1 * MS, 3 * MS), (f, d, r) -> {
            Names names = new Names(f, n -> { });
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            new io.shmemtrace.analysis.findings.Report("run", "on the traced times", r, Findings.of(f, d, r, names),
                    Findings.missing(f), names).print(new PrintStream(text, true));
            List<String> lines = text.toString().lines().toList();
            assertEquals("findings for run (on the traced times): window 30.10 ms, critical path 30.10 ms,"
                    + " critical-path imbalance 10.00 ms", lines.get(0));
            assertEquals("1. imbalance: PE 1 computes 30.00 ms, 50 % above the mean of 20.00 ms", lines.get(3));
        });
    }
}
