package io.shmemtrace.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.testing.SyntheticRun;
import io.shmemtrace.io.Messages;
import io.shmemtrace.merged.merge.MergedRun;
import io.shmemtrace.merged.merge.RunReading;
import io.shmemtrace.replay.engine.PeTimes;
import io.shmemtrace.replay.engine.Replay;
import io.shmemtrace.replay.engine.ReplayException;
import io.shmemtrace.replay.machine.Machine;
import io.shmemtrace.replay.machine.MachineException;
import io.shmemtrace.replay.machine.MachineFile;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.Models;
import io.shmemtrace.replay.report.Simulation;
import io.shmemtrace.waits.WaitStates;
import io.shmemtrace.replay.testing.ReplayRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;




/**
 * The replay on synthetic runs whose answers are known exactly: the measured times reproduced, machines and models
 * that change them by a known amount, and when a call may complete (collectives, waits, fences, progress).
 */
class ReplayTest {
    private static final long MS = 1_000_000;
    private static final long ADDR = 0x10000;
    private static final double NS = 1e-9;

    @TempDir
    Path dir;

    private Path steps(long lateNs) throws IOException {
        return ReplayRuns.steps(dir, lateNs);
    }

    private Path machine(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private static final String FREE_MACHINE = ReplayRuns.FREE_MACHINE;

    @Test
    void measuredReproducesTheTracedWindow() throws Exception {
        Prediction p = simulate(steps(0), "measured", null);
        assertEquals(p.traced, p.predicted, 1e-12);
        // the window: ten steps of 1 ms + 10 us, from the end of init to the start of finalize
        assertEquals(10 * (MS + 10_000) * NS, p.traced, 1e-12);
    }

    @Test
    void halfTheCpuRatioHalvesTheCompute() throws Exception {
        Path run = steps(0);
        Prediction full = simulate(run, "measured", machine("m1", FREE_MACHINE.formatted("1.0")));
        Prediction half = simulate(run, "measured", machine("m05", FREE_MACHINE.formatted("0.5")));
        for (int t = 0; t < 2; t++) {
            assertEquals(10 * MS * NS, full.compute.get(t), 1e-12);
            assertEquals(5 * MS * NS, half.compute.get(t), 1e-12);
        }
    }

    @Test
    void noLatencyAndInfiniteBandwidthLeaveTheComputeBound() throws Exception {
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 500_000);
        for (int k = 0; k < 5; k++) {
            run.call(0, "shmem_putmem", MS, 300_000, 1, 1 << 20, 0x10000);
            run.call(1, "shmem_putmem", MS, 300_000, 0, 1 << 20, 0x10000);
            run.all("shmem_long_sum_to_all", 0, 50_000, 4, 0x20000, 0, 0, 2);
            run.all("shmem_barrier_all", 0, 20_000);
        }
        run.all("shmem_finalize", 0, 800_000);
        Path trace = run.writeTo(Files.createDirectories(dir.resolve("puts")));
        for (String model : List.of("loggp", "simple", "contention", "table")) { // table: no Model table lines, LogGP
            Prediction p = simulate(trace, model, machine("free", FREE_MACHINE.formatted("1.0")));
            assertEquals(5 * MS * NS, p.predicted, 1e-12, model);
        }
    }

    @Test
    void doublingTheBandwidthHalvesLargeTransfersUnderSimple() throws Exception {
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 500_000);
        for (int k = 0; k < 4; k++) run.call(0, "shmem_putmem", 10_000, 300_000, 1, 1 << 20, 0x10000);
        run.all("shmem_barrier_all", 0, 20_000).all("shmem_finalize", 0, 800_000);
        Path trace = run.writeTo(Files.createDirectories(dir.resolve("big")));
        String m = "Machine 1 1e9 0 1\nNode -1 4 1 1 %s 0 1.0\n";
        Prediction slow = simulate(trace, "simple", machine("bw1", m.formatted("1e9")));
        Prediction fast = simulate(trace, "simple", machine("bw2", m.formatted("2e9")));
        double slowPuts = slow.callTime.get("shmem_putmem");
        double fastPuts = fast.callTime.get("shmem_putmem");
        assertEquals(4 * (1 << 20) / 1e9, slowPuts, 1e-12);
        assertEquals(slowPuts / 2, fastPuts, 1e-12);
    }

    @Test
    void aLatePeIsTheOthersWaitAtTheNextCollective() throws Exception {
        long late = 3 * MS;
        Prediction p = simulate(steps(late), "loggp", machine("free", FREE_MACHINE.formatted("1.0")));
        assertEquals(late * NS, p.waited.get(0), 1e-12, "PE 0 waits for PE 1 at the third barrier");
        assertEquals(0, p.waited.get(1), 1e-12);
        assertEquals((10 * MS + late) * NS, p.predicted, 1e-12);
    }

    private static final String TABLE_MACHINE = FREE_MACHINE.formatted("1.0") + """
            Model table put.call=8:1e-6,1024:2e-6,65536:10e-6 put.complete=8:3e-6,1024:5e-6,65536:30e-6
            Model table quiet.call=0:1e-7 wait.seen=0:5e-7
            """;

    @Test
    void theTableModelCostsWhatWasMeasuredAtEverySampleAndInterpolatesBetween() throws Exception {
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        for (long bytes : new long[] {8, 1024, 65536, 516}) {
            run.call(0, "shmem_putmem", 10_000, 50_000, 1, bytes, ADDR).call(0, "shmem_quiet", 0, 50_000);
        }
        run.all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000);
        Prediction p = simulate(run.writeTo(Files.createDirectories(dir.resolve("table"))), "table",
                machine("table.cfg", TABLE_MACHINE));
        // in the call: 1 + 2 + 10 us at the samples, and 1.5 us halfway between 8 and 1024 bytes
        assertEquals((1 + 2 + 10 + 1.5) * 1e-6, p.callTime.get("shmem_putmem"), 1e-12);
        // each quiet waits for its put's completion: complete - call (2, 3, 20 and 2.5 us), never less than its own
        assertEquals((2 + 3 + 20 + 2.5) * 1e-6, p.callTime.get("shmem_quiet"), 1e-12);
    }

    /** PE 0: three 64 KiB puts (or posts) back to back, a quiet, 50 us of computing, a fourth; then a barrier. */
    private Path putsBackToBackThenOneAlone(String put) throws IOException {
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        run.call(0, put, 10_000, 5_000, 1, 65536, ADDR).call(0, put, 0, 5_000, 1, 65536, ADDR)
                .call(0, put, 0, 5_000, 1, 65536, ADDR).call(0, "shmem_quiet", 0, 1000)
                .call(0, put, 50_000, 5_000, 1, 65536, ADDR);
        run.all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000);
        return run.writeTo(Files.createDirectories(dir.resolve("queue-" + put)));
    }

    @Test
    void aPutBehindOthersWaitsForTheLinkAndOneAloneCostsWhatItCostSpaced() throws Exception {
        // 64 KiB: 10 us a put streamed (the time it keeps the link), 4 us alone (spaced), complete 30 us after it leaves
        Path spaced = machine("spaced.cfg", TABLE_MACHINE + "Model table put.spaced=8:0.5e-6,65536:4e-6\n");
        Prediction p = simulate(putsBackToBackThenOneAlone("shmem_putmem"), "table", spaced);
        // the first 4 us; the second and third wait 6 us each for the link (free 10 and 20 us after the first
        // started) and cost 4: 10 us; the fourth, 50 us after the quiet, finds the link idle: 4
        assertEquals((4 + 10 + 10 + 4) * 1e-6, p.callTime.get("shmem_putmem"), 1e-12);
        // the quiet, 24 us after the first put, waits for the third: it left at 20 us, complete at 50
        assertEquals(26e-6, p.callTime.get("shmem_quiet"), 1e-12);
        // (the queue holds 6.5 us of link time: 10 us streamed less the 3.5 the largest put spaced took beyond the
        // smallest; less than one put's 10, so a put waits for all that is ahead of it)
        // without the spaced row, alone costs what streamed does (as before the row was measured): 10 us each
        Prediction streamed = simulate(putsBackToBackThenOneAlone("shmem_putmem"), "table",
                machine("table.cfg", TABLE_MACHINE));
        assertEquals(40e-6, streamed.callTime.get("shmem_putmem"), 1e-12);
        assertEquals(20e-6, streamed.callTime.get("shmem_quiet"), 1e-12);
        // posted: 1 us a post, but each leaves when the one before has (the blocking put's 10 us): the third at 20 us,
        // complete at 50; the quiet from 3 us waits 47
        Path posted = machine("posted.cfg", TABLE_MACHINE + "Model table put_nbi.call=65536:1e-6 put_nbi.complete=65536:30e-6\n");
        Prediction nbi = simulate(putsBackToBackThenOneAlone("shmem_putmem_nbi"), "table", posted);
        assertEquals(4e-6, nbi.callTime.get("shmem_putmem_nbi"), 1e-12);
        assertEquals(47e-6, nbi.callTime.get("shmem_quiet"), 1e-12);
    }

    @Test
    void aPutWaitsInTheCallOnlyForWhatTheSendQueueCannotHold() throws Exception {
        // 1 MiB streamed 160 us, spaced 100.5 (the smallest 0.5): the queue holds 160 - 100 = 60 us of link time
        String machine = FREE_MACHINE.formatted("1.0") + """
                Model table put.call=8:1e-6,65536:10e-6,1048576:160e-6 put.complete=8:3e-6,65536:30e-6,1048576:200e-6
                Model table put.spaced=8:0.5e-6,65536:4e-6,1048576:100.5e-6 quiet.call=0:1e-7 wait.seen=0:5e-7
                """;
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        for (int k = 0; k < 12; k++) run.call(0, "shmem_putmem", k == 0 ? 10_000 : 0, 5_000, 1, 65536, ADDR);
        run.call(0, "shmem_quiet", 0, 1000).all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000);
        Prediction p = simulate(run.writeTo(Files.createDirectories(dir.resolve("capacity"))), "table",
                machine("capacity.cfg", machine));
        // 64 KiB: 10 us of link, 4 us alone. The k-th put starts 4(k-1) us in with 6(k-1) us of link ahead of it, and
        // waits for what passes 60 - 10 = 50: puts 1-9 4 us each (36 us), the 10th 54 ahead: 4 + 4; the 11th and 12th
        // 56 ahead (the queue full at 60 - 4): 6 + 4 each, the streamed 10
        assertEquals((36 + 8 + 10 + 10) * 1e-6, p.callTime.get("shmem_putmem"), 1e-12);
        // the 12th leaves at 110 us (11 before it, 10 each) and is complete 30 after: the quiet from 64 waits 76
        assertEquals(76e-6, p.callTime.get("shmem_quiet"), 1e-12);
    }

    /**
     * The send queue's capacity from the rows of where the data is. Streamed, 1 MiB takes 160 us on the heap and on a
     * global; spaced, 160.5 us on the heap (the queue holds nothing: 160 less the 160 it took beyond the smallest) and
     * 0.5 on a global (it holds 160 us). PE 0 puts 64 KiB (10 us of link), then 8 B (1 us) at once.
     */
    @Test
    void theSendQueueHoldsWhatWasMeasuredWhereTheDataIs() throws Exception {
        String machine = FREE_MACHINE.formatted("1.0") + """
                Model table put.call=8:1e-6,65536:10e-6,1048576:160e-6 put.complete=8:3e-6,65536:30e-6,1048576:200e-6
                Model table put.spaced=8:0.5e-6,65536:4e-6,1048576:160.5e-6 quiet.call=0:1e-7
                Model table static.put.spaced=8:0.5e-6,65536:0.5e-6,1048576:0.5e-6
                """;
        // on a global: the 64 KiB put 0.5 us (alone); the 8 B one finds 9.5 us of link ahead, which the queue holds:
        // 0.5 us
        assertEquals(1e-6, putsOneAfterTheOther(false, machine).callTime.get("shmem_putmem"), 1e-12);
        // on the heap: the 64 KiB put 4 us; the 8 B one waits for the 6 us of link ahead of it, then 0.5 us
        assertEquals(10.5e-6, putsOneAfterTheOther(true, machine).callTime.get("shmem_putmem"), 1e-12);
    }

    private Prediction putsOneAfterTheOther(boolean heap, String machine) throws Exception {
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        if (heap) run.all("shmem_malloc", 0, 0, 1 << 20, ADDR);
        run.call(0, "shmem_putmem", 10_000, 5_000, 1, 65536, ADDR).call(0, "shmem_putmem", 0, 1_000, 1, 8, ADDR);
        run.call(0, "shmem_quiet", 0, 1000).all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000);
        String name = heap ? "queue-heap" : "queue-static";
        return simulate(run.writeTo(Files.createDirectories(dir.resolve(name))), "table", machine(name + ".cfg", machine));
    }

    /** PE 0: 300 non-fetching atomics on a global of PE 1 back to back, then a quiet; then a barrier. */
    private Path atomicsThenQuiet(String name) throws IOException {
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        for (int k = 0; k < 300; k++) run.call(0, "shmem_long_atomic_add", k == 0 ? 10_000 : 0, 500, 1, ADDR);
        run.call(0, "shmem_quiet", 0, 1000).all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000);
        return run.writeTo(Files.createDirectories(dir.resolve(name)));
    }

    @Test
    void atomicsTheLibraryQueuesCostTheirPostsAndTheQuietDrainsThem() throws Exception {
        // alone: 3 us of link, 4 in the call, complete 10 us after its start; posted at depth 2 or more 1 us, and the
        // quiet after drained 2 us a call (the deepest measured, 256, stands for deeper)
        String rows = TABLE_MACHINE + "Model table atomic.call=8:3e-6 atomic.complete=8:10e-6 atomic.spaced=8:4e-6\n";
        Path queues = machine("queue.cfg", rows
                + "Model table atomic.posted=1:3e-6,2:1e-6,256:1e-6 atomic.drained=1:7e-6,2:2e-6,256:2e-6\n");
        Prediction p = simulate(atomicsThenQuiet("queue"), "table", queues);
        // the first finds the queue empty and costs what one alone does (4 us); the other 299 join it at 1 us each
        assertEquals((4 + 299) * 1e-6, p.callTime.get("shmem_long_atomic_add"), 1e-12);
        // the quiet, from 303 us, waits for the drain: the first complete at 10 us, then 299 posts and drains of 3 us
        // each (the library drains inside its calls, after the posts): 907 us
        assertEquals((10 + 299 * 3 - 303) * 1e-6, p.callTime.get("shmem_quiet"), 1e-12);
        // a machine whose quiet drains little (0.1 us a call against 3 posting: under a quarter) sends as it posts:
        // every atomic costs what one alone does, 4 us, and the quiet waits for the last one's completion only
        Path sends = machine("sends.cfg", rows
                + "Model table atomic.posted=1:3e-6,2:3e-6,256:3e-6 atomic.drained=1:7e-6,2:0.1e-6,256:0.1e-6\n");
        Prediction q = simulate(atomicsThenQuiet("sends"), "table", sends);
        assertEquals(300 * 4e-6, q.callTime.get("shmem_long_atomic_add"), 1e-12);
        assertEquals(6e-6, q.callTime.get("shmem_quiet"), 1e-12);
    }

    @Test
    void callsToThePeItselfJoinAQueueThatHoldsCallsAtTheMixedRows() throws Exception {
        // PE 0: one atomic on a global of PE 1, then 299 on its own (gups's calls to itself), then a quiet
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        for (int k = 0; k < 300; k++) run.call(0, "shmem_long_atomic_add", k == 0 ? 10_000 : 0, 500, k == 0 ? 1 : 0, ADDR);
        run.call(0, "shmem_quiet", 0, 1000).all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000);
        Path trace = run.writeTo(Files.createDirectories(dir.resolve("mixed")));
        // as above, a call to itself alone 0.2 us; with every other call to itself 0.5 us a post, 1.5 drained
        String rows = TABLE_MACHINE + "Model table atomic.call=8:3e-6 atomic.complete=8:10e-6 atomic.spaced=8:4e-6\n"
                + "Model table self.atomic.call=8:0.2e-6 self.atomic.complete=8:0.2e-6\n"
                + "Model table atomic.posted=1:3e-6,2:1e-6,256:1e-6 atomic.drained=1:7e-6,2:2e-6,256:2e-6\n";
        Prediction p = simulate(trace, "table", machine("mixed.cfg", rows
                + "Model table atomic.mixed_posted=1:3e-6,2:0.5e-6,256:0.5e-6 atomic.mixed_drained=1:7e-6,2:1.5e-6,256:1.5e-6\n"));
        // the first alone (4 us, complete at 10 us); from the second on, half or more of the queue's calls went to PE 0
        // itself: each costs the mixed post, 0.5 us, and drains 1.5 after the 0.5 posted; the quiet waits for the drain
        assertEquals((4 + 299 * 0.5) * 1e-6, p.callTime.get("shmem_long_atomic_add"), 1e-12);
        assertEquals((10 + 299 * 2 - (4 + 299 * 0.5)) * 1e-6, p.callTime.get("shmem_quiet"), 1e-12);
        // without the mixed rows, calls to itself do not join the queue: 0.2 us each; the quiet, at 63.8 us, finds the
        // first complete (at 10 us) and costs its own 0.1 us
        Prediction q = simulate(trace, "table", machine("pure.cfg", rows));
        assertEquals((4 + 299 * 0.2) * 1e-6, q.callTime.get("shmem_long_atomic_add"), 1e-12);
        assertEquals(0.1e-6, q.callTime.get("shmem_quiet"), 1e-12);
    }

    @Test
    void aBroadcastsRootLeavesWithoutWaitingForLateMembers() throws Exception {
        // root 0 and PE 1 arrive at 1 ms, PE 2 at 10 ms; then a barrier: traced as a real run would be
        SyntheticRun run = ReplayRuns.of(3).all("shmem_init", 0, 1000);
        run.call(0, "shmem_broadcast64", MS, 10_000, 8, 0, ADDR, 0, 0, 3);
        run.call(1, "shmem_broadcast64", MS, 20_000, 8, 0, ADDR, 0, 0, 3);
        run.call(2, "shmem_broadcast64", 10 * MS, 20_000, 8, 0, ADDR, 0, 0, 3);
        run.call(0, "shmem_barrier_all", 0, 9 * MS + 20_000).call(1, "shmem_barrier_all", 0, 9 * MS + 10_000)
                .call(2, "shmem_barrier_all", 0, 10_000);
        Prediction p = simulate(run.all("shmem_finalize", 0, 1000).writeTo(Files.createDirectories(dir.resolve("bcast"))),
                "measured", null);
        assertEquals(p.traced, p.predicted, 1e-12);
        assertEquals((10 + 20 + 20) * 1e-6, p.callTime.get("shmem_broadcast64"), 1e-12, "no member waits for PE 2");
    }

    @Test
    void aPutReleasesAWaitOnAnyWordItCovers() throws Exception {
        // PE 1 puts 64 bytes at ADDR at 1 ms; PE 0 waits for the last word (ADDR + 56)
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        run.call(0, "shmem_long_wait_until", 0, MS + 1000, ADDR + 56, 0, 1);
        run.call(1, "shmem_putmem", MS, 1000, 0, 64, ADDR);
        run.all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000);
        Path trace = run.writeTo(Files.createDirectories(dir.resolve("range")));
        Prediction measured = simulate(trace, "measured", null);
        assertEquals(0, measured.unmatchedWaits);
        assertEquals(measured.traced, measured.predicted, 1e-12);
        // free communication: the wait ends the moment the put starts, 1 ms after PE 0 began waiting
        Prediction free = simulate(trace, "loggp", machine("free", FREE_MACHINE.formatted("1.0")));
        assertEquals(0, free.unmatchedWaits);
        assertEquals(MS * NS, free.callTime.get("shmem_long_wait_until"), 1e-12);
    }

    @Test
    void aBarrierCompletesEveryMembersPutsBeforeAnyMemberLeaves() throws Exception {
        // PE 0's 64 KiB put: 10 us in the call, complete 30 us after its start (10 us in); PE 1 arrives at 10 us
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        run.call(0, "shmem_putmem", 10_000, 5_000, 1, 65536, ADDR).call(0, "shmem_barrier_all", 0, 1000);
        run.call(1, "shmem_barrier_all", 10_000, 10_000);
        Prediction p = simulate(run.all("shmem_finalize", 0, 1000).writeTo(Files.createDirectories(dir.resolve("bar"))),
                "table", machine("table.cfg", TABLE_MACHINE));
        // both leave when the put is complete, 40 us in: PE 0 after 20 us in the barrier, PE 1 after 30 us
        assertEquals(50_000 * NS, p.callTime.get("shmem_barrier_all"), 1e-12);
    }

    @Test
    void aBarrierThatCompletesAPutCostsWhatCalibrateMeasuredItToAdd() throws Exception {
        // PE 0 puts 8 bytes 10 us in (1 us in the call, complete 3 us after its start: at 14 us), then barriers at
        // 12 us; PE 1 arrives at 11 us. Then a second barrier, nothing in flight.
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        run.call(0, "shmem_putmem", 10_000, 1000, 1, 8, ADDR).call(0, "shmem_barrier_all", 0, 1000);
        run.call(1, "shmem_barrier_all", 10_000, 1000);
        run.all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000);
        Path trace = run.writeTo(Files.createDirectories(dir.resolve("completing")));
        String bare = TABLE_MACHINE + "Model table barrier_all.call=0:2e-6\n";
        // a bare barrier of 2 us: both leave at 14 + 2 us (PE 0 after 4 us in it, PE 1 after 5), then 2 us each
        Prediction p = simulate(trace, "table", machine("bare.cfg", bare));
        assertEquals((4 + 5 + 2 + 2) * 1e-6, p.callTime.get("shmem_barrier_all"), 1e-12);
        // the put then a barrier measured at 7 us, 4 more than the put's 3 us to completion: the first barrier (the
        // put still in flight at PE 0's arrival) adds 4 us to every member, the second (nothing in flight) nothing
        Prediction q = simulate(trace, "table", machine("completing.cfg", bare
                + "Model table static.barrier_all.completing=8:7e-6\n"));
        assertEquals((8 + 9 + 2 + 2) * 1e-6, q.callTime.get("shmem_barrier_all"), 1e-12);
    }

    @Test
    void aBarrierRightAfterComputingCostsWhatCalibrateMeasuredAfterComputing() throws Exception {
        // three barriers: PE 1 last after 30 us of computing (PE 0 after 10), then both after none, then PE 1 last
        // after 5 us (PE 0 after none)
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        run.call(0, "shmem_barrier_all", 10_000, 1000).call(1, "shmem_barrier_all", 30_000, 1000);
        run.all("shmem_barrier_all", 0, 1000);
        run.call(0, "shmem_barrier_all", 0, 1000).call(1, "shmem_barrier_all", 5_000, 1000);
        Path trace = run.all("shmem_finalize", 0, 1000).writeTo(Files.createDirectories(dir.resolve("busy")));
        String bare = TABLE_MACHINE + "Model table barrier_all.call=0:2e-6\n";
        // bare barriers of 2 us: PE 0 waits 20 us, then 5; every barrier 2 us past its last arrival
        assertEquals((22 + 2 + 2 + 2 + 7 + 2) * 1e-6,
                simulate(trace, "table", machine("bare.cfg", bare)).callTime.get("shmem_barrier_all"), 1e-12);
        // 5 us after every PE computed ten times the bare 2 us: 3 us more after 20 us of computing or longer, a
        // quarter of that after 5 us, nothing after none
        Prediction busy = simulate(trace, "table", machine("busy.cfg", bare + "Model table barrier_all.busy=0:5e-6\n"));
        assertEquals((25 + 5 + 2 + 2 + 7.75 + 2.75) * 1e-6, busy.callTime.get("shmem_barrier_all"), 1e-12);
    }

    /** PE 0 puts 64 KiB to PE 1 10 us in, then (fenced or not) its flag; PE 1 waits for the flag from the start. */
    private Path messageThenFlag(boolean fenced) throws IOException {
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        run.call(0, "shmem_putmem", 10_000, 10_000, 1, 65536, ADDR);
        if (fenced) run.call(0, "shmem_fence", 0, 1000);
        run.call(0, "shmem_long_p", 0, 1000, 1, ADDR + 65536, 1);
        run.call(1, "shmem_long_wait_until", 0, 40_000, ADDR + 65536, 0, 1);
        run.all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000);
        return run.writeTo(Files.createDirectories(dir.resolve("flag-" + fenced)));
    }

    @Test
    void aFlagBehindAFenceIsSeenNoEarlierThanTheMessageBeforeItLands() throws Exception {
        Path machine = machine("table.cfg", TABLE_MACHINE);
        // the put: 10 us in the call, complete 30 us after its start (10 us in); the flag and the fence cost nothing
        // here (LogGP's free network): unfenced, the flag is seen as it is put, 20 us in
        assertEquals(20e-6, simulate(messageThenFlag(false), "table", machine).callTime.get("shmem_long_wait_until"), 1e-12);
        // fenced, it is delivered after the message: seen when a poller would see the message, the flag's one-way
        // time (0.5 us) plus the size's part of its completion (30 - 3 us) after its start, 37.5 us in (not when its
        // completion is acknowledged, 40 us in: the ack is the sender's, a fence orders deliveries)
        assertEquals(37.5e-6, simulate(messageThenFlag(true), "table", machine).callTime.get("shmem_long_wait_until"), 1e-12);
        // where the target's time to take a flag was measured (p.mutual less p.call: 2 us), it takes the flag after
        // the message: 2 us after the message is seen, 39.5 us in
        Path taking = machine("taking.cfg", TABLE_MACHINE + "Model table p.call=8:1e-6 p.complete=8:3e-6 p.mutual=8:3e-6\n");
        assertEquals(39.5e-6, simulate(messageThenFlag(true), "table", taking).callTime.get("shmem_long_wait_until"), 1e-12);
        // the measured model sees it when the trace did
        Prediction measured = simulate(messageThenFlag(true), "measured", null);
        assertEquals(measured.traced, measured.predicted, 1e-12);
    }

    /**
     * PE 0 posts a put to PE 1 10 us in and quiets; PE 1 computes for targetBurst before its barrier. The put's
     * address is in a heap allocation where heap, else static data.
     */
    private Path putToABusyTarget(long targetBurstNs, boolean heap) throws IOException {
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        if (heap) run.all("shmem_malloc", 0, 0, 4096, ADDR);
        run.call(0, "shmem_putmem_nbi", 10_000, 1000, 1, 8, ADDR).call(0, "shmem_quiet", 0, 1000);
        run.call(0, "shmem_barrier_all", 0, 1000).call(1, "shmem_barrier_all", targetBurstNs, 1000);
        return run.all("shmem_finalize", 0, 1000).writeTo(Files.createDirectories(dir.resolve("busy-" + targetBurstNs
                + (heap ? "-heap" : ""))));
    }

    @Test
    void whereTransfersNeedTheirTargetAQuietWaitsForItsNextLibraryCall() throws Exception {
        Path busy = putToABusyTarget(MS, false);
        String free = FREE_MACHINE.formatted("1.0");
        Path needs = machine("progress", free + "Model progress rma=target\n");
        // the put lands 10 us in; PE 1 computes until 1 ms: the quiet ends when PE 1 enters its barrier
        assertEquals((MS - 10_000) * NS, simulate(busy, "loggp", needs).callTime.get("shmem_quiet"), 1e-12);
        // transfers that progress on their own: at once
        Path own = machine("independent", free + "Model progress rma=independent static=independent\n");
        assertEquals(0, simulate(busy, "loggp", own).callTime.get("shmem_quiet"), 1e-12);
        // a target already in the library (its barrier, from 5 us) progresses it at once
        assertEquals(0, simulate(putToABusyTarget(5_000, false), "loggp", needs).callTime.get("shmem_quiet"), 1e-12);
        // the rule by segment: static data waits, the heap does not
        Path byData = machine("by-data", free + "Model progress rma=independent static=target\n");
        assertEquals((MS - 10_000) * NS, simulate(busy, "loggp", byData).callTime.get("shmem_quiet"), 1e-12);
        assertEquals(0, simulate(putToABusyTarget(MS, true), "loggp", byData).callTime.get("shmem_quiet"), 1e-12);
        // the measured model keeps the traced times, which already hold any such wait
        Prediction measured = simulate(busy, "measured", needs);
        assertEquals(measured.traced, measured.predicted, 1e-12);
    }

    @Test
    void whereCollectivesNeedTheirSenderTheLastMembersNextCallReleasesTheOthers() throws Exception {
        // two PEs compute 200 us before each of three barriers, on a free machine
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        for (int step = 0; step < 3; step++) run.all("shmem_barrier_all", 200_000, 1000);
        Path trace = run.all("shmem_finalize", 0, 1000).writeTo(Files.createDirectories(dir.resolve("sender-run")));
        String free = FREE_MACHINE.formatted("1.0");
        // messages that leave on their own: the computations overlap, 3 x 200 us
        assertEquals(600_000 * NS, simulate(trace, "loggp", machine("own", free)).predicted, 1e-12);
        // the last to arrive leaves at once, the other at the last one's next call, 200 us later, then computes
        // while the first waits for it: PE 1 leaves barrier 1 at 400 us, PE 0 barrier 2 at 800 us, and barrier 3,
        // where PE 0 arrives last at 1000 us and goes on to finalize at once, releases PE 1 at 1000 us
        Path sender = machine("sender", free + "Model progress messages=sender\n");
        Prediction p = simulate(trace, "loggp", sender);
        assertEquals(1_000_000 * NS, p.predicted, 1e-12);
        // the measured model keeps the traced times
        Prediction measured = simulate(trace, "measured", sender);
        assertEquals(measured.traced, measured.predicted, 1e-12);
    }

    /** PE 0 writes PE 1's flag 10 us in, then computes for computeNs before its barrier; PE 1 waits for the flag. */
    private Path flagThenCompute(long computeNs) throws IOException {
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        run.call(0, "shmem_long_p", 10_000, 1000, 1, ADDR, 1).call(0, "shmem_barrier_all", computeNs, 1000);
        run.call(1, "shmem_long_wait_until", 0, 11_000, ADDR, 0, 1).call(1, "shmem_barrier_all", 0, computeNs);
        return run.all("shmem_finalize", 0, 1000).writeTo(Files.createDirectories(dir.resolve("flag-then-" + computeNs)));
    }

    @Test
    void whereMessagesNeedTheirSenderAFlagWrittenBeforeComputingIsSeenAtTheWritersNextCall() throws Exception {
        String free = FREE_MACHINE.formatted("1.0");
        Path own = machine("own-flag", free), sender = machine("sender-flag", free + "Model progress messages=sender\n");
        // the flag is put 10 us in: seen at once where messages leave on their own
        assertEquals(10e-6, simulate(flagThenCompute(MS), "loggp", own).callTime.get("shmem_long_wait_until"), 1e-12);
        // where they need their sender, at PE 0's next call, its barrier after 1 ms of computing
        assertEquals(10e-6 + MS * NS, simulate(flagThenCompute(MS), "loggp", sender).callTime.get("shmem_long_wait_until"),
                1e-12);
        // a writer that goes on in the library (its barrier at once) sends it at once
        assertEquals(10e-6, simulate(flagThenCompute(0), "loggp", sender).callTime.get("shmem_long_wait_until"), 1e-12);
    }

    @Test
    void whereMessagesNeedTheirSenderALockGoesOnAtItsReleasersNextCall() throws Exception {
        // PE 0 holds the lock from 10 us, releases it at 20 us and computes 1 ms; PE 1 asks for it at 15 us
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        run.call(0, "shmem_set_lock", 10_000, 1000, ADDR).call(0, "shmem_clear_lock", 10_000, 1000, ADDR)
                .call(0, "shmem_barrier_all", MS, 1000);
        run.call(1, "shmem_set_lock", 15_000, 6000, ADDR).call(1, "shmem_clear_lock", 0, 1000, ADDR)
                .call(1, "shmem_barrier_all", 0, MS);
        Path trace = run.all("shmem_finalize", 0, 1000).writeTo(Files.createDirectories(dir.resolve("lock-sender")));
        String free = FREE_MACHINE.formatted("1.0");
        // released at 20 us: PE 1 waits 5 us; where messages need their sender, until PE 0's barrier 1 ms later
        assertEquals(5e-6, simulate(trace, "loggp", machine("own-lock", free)).callTime.get("shmem_set_lock"), 1e-12);
        assertEquals(5e-6 + MS * NS, simulate(trace, "loggp", machine("sender-lock", free
                + "Model progress messages=sender\n")).callTime.get("shmem_set_lock"), 1e-12);
    }

    @Test
    void aLockCostsWhatCalibrateMeasuredOnTheSideOfItsHome() throws Exception {
        // PE 0 takes and releases the lock at ADDR (homed at PE 0: (ADDR / 8) % 2 = 0), then that at ADDR + 8 (homed at
        // PE 1); PE 1, long after, the lock at ADDR + 8, its own. Never contended.
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        run.call(0, "shmem_set_lock", 10_000, 1000, ADDR).call(0, "shmem_clear_lock", 0, 1000, ADDR);
        run.call(0, "shmem_set_lock", 0, 1000, ADDR + 8).call(0, "shmem_clear_lock", 0, 1000, ADDR + 8);
        run.call(1, "shmem_set_lock", MS, 1000, ADDR + 8).call(1, "shmem_clear_lock", 0, 1000, ADDR + 8);
        Path trace = run.all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000)
                .writeTo(Files.createDirectories(dir.resolve("lock-homes")));
        String roundTrip = TABLE_MACHINE + "Model table atomic_fetch.complete=8:7e-6\n";
        // without lock rows, each acquisition and release is a fetching atomic's round trip, wherever the lock lives
        Prediction p = simulate(trace, "table", machine("round-trip.cfg", roundTrip));
        assertEquals(3 * 7e-6, p.callTime.get("shmem_set_lock"), 1e-12);
        assertEquals(3 * 7e-6, p.callTime.get("shmem_clear_lock"), 1e-12);
        // with them: at home 0.1 us to take and 0.5 to release, at the other PE 4 and 3
        Prediction q = simulate(trace, "table", machine("locks.cfg", roundTrip + """
                Model table self.lock_acquire.call=0:0.1e-6 self.lock_release.call=0:0.5e-6
                Model table static.lock_acquire.call=0:4e-6 static.lock_release.call=0:3e-6
                """));
        assertEquals((0.1 + 4 + 0.1) * 1e-6, q.callTime.get("shmem_set_lock"), 1e-12);
        assertEquals((0.5 + 3 + 0.5) * 1e-6, q.callTime.get("shmem_clear_lock"), 1e-12);
    }

    @Test
    void aLockHomedAtAnotherPeCostsItsHomeTheServiceCalibrateMeasured() throws Exception {
        // PE 1 takes and releases the lock at ADDR (a global homed at PE 0) 10 us in; PE 0 computes until 50 us, quiets
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        run.call(1, "shmem_set_lock", 10_000, 1000, ADDR).call(1, "shmem_clear_lock", 0, 1000, ADDR);
        run.call(0, "shmem_quiet", 50_000, 1000);
        Path trace = run.all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000)
                .writeTo(Files.createDirectories(dir.resolve("lock-served")));
        String locks = TABLE_MACHINE + """
                Model table static.lock_acquire.call=0:4e-6 static.lock_release.call=0:3e-6
                Model table static.lock_acquire.mutual=0:6e-6 static.lock_release.mutual=0:4e-6
                """;
        // each PE at a lock homed at the other: 2 us more to take, 1 more to release: PE 0 serves PE 1's in its quiet
        Prediction served = simulate(trace, "table", machine("lock-target", locks
                + "Model progress rma=target static=target\n"));
        assertEquals((0.1 + 2 + 1) * 1e-6, served.callTime.get("shmem_quiet"), 1e-12);
        assertEquals(4e-6, served.callTime.get("shmem_set_lock"), 1e-12);
        assertEquals(3e-6, served.callTime.get("shmem_clear_lock"), 1e-12);
        // where such calls progress on their own, the home is charged nothing
        assertEquals(1e-7, simulate(trace, "table", machine("lock-own", locks)).callTime.get("shmem_quiet"), 1e-12);
    }

    @Test
    void callsOnStaticDataAndToThePeItselfCostWhatWasMeasuredSo() throws Exception {
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000).all("shmem_malloc", 0, 0, 4096, ADDR);
        run.call(0, "shmem_putmem", 10_000, 5_000, 1, 8, ADDR).call(0, "shmem_putmem", 10_000, 5_000, 1, 8, 0x600000)
                .call(0, "shmem_putmem", 10_000, 5_000, 0, 8, ADDR);
        run.all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000);
        Prediction p = simulate(run.writeTo(Files.createDirectories(dir.resolve("static"))), "table",
                machine("static.cfg", TABLE_MACHINE + "Model table static.put.call=8:7e-6 static.put.complete=8:9e-6\n"
                        + "Model table self.put.call=8:2e-7 self.put.complete=8:2e-7\n"));
        // the heap put 1 us (put.call at 8 B), the put to a global 7 us, the put to PE 0 itself 0.2 us
        assertEquals(8.2e-6, p.callTime.get("shmem_putmem"), 1e-12);
    }

    @Test
    void aTargetThatMustTakeATransferSpendsItsServiceTimeInItsNextCall() throws Exception {
        // PE 1 puts 8 B to PE 0 10 us in; PE 0 computes until 20 us, then quiets (nothing of its own pending)
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        run.call(1, "shmem_putmem", 10_000, 1000, 0, 8, ADDR).call(0, "shmem_quiet", 20_000, 1000);
        Path trace = run.all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000)
                .writeTo(Files.createDirectories(dir.resolve("serve")));
        String progress = "Model progress rma=target static=target\n";
        // streaming both ways costs 3 us a put against 1 alone: PE 0 takes 2 us to serve PE 1's, in its quiet
        Prediction served = simulate(trace, "table", machine("mutual", TABLE_MACHINE + progress
                + "Model table put.mutual=8:3e-6\n"));
        assertEquals(2.1e-6, served.callTime.get("shmem_quiet"), 1e-12);
        // without mutual rows, or where transfers progress on their own, nothing is charged
        Prediction unmeasured = simulate(trace, "table", machine("no-mutual", TABLE_MACHINE + progress));
        assertEquals(1e-7, unmeasured.callTime.get("shmem_quiet"), 1e-12);
    }

    @Test
    void aTargetThatMustAnswerAGetSpendsItsServiceTimeInItsNextCall() throws Exception {
        // PE 1 gets 8 B of PE 0 10 us in; PE 0 computes until 20 us, then quiets (nothing of its own pending)
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        run.call(1, "shmem_long_g", 10_000, 1000, 0, ADDR).call(0, "shmem_quiet", 20_000, 1000);
        Path trace = run.all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000)
                .writeTo(Files.createDirectories(dir.resolve("answer")));
        String rows = TABLE_MACHINE + "Model progress rma=target static=target\n"
                + "Model table g.call=8:2e-6 g.complete=8:2e-6\n";
        // both PEs getting from each other at once take 5 us a g against 2 alone: PE 0 answers PE 1's in 3 us, in its
        // quiet; the g itself costs its return, 2 us
        Prediction answered = simulate(trace, "table", machine("g-mutual", rows + "Model table g.mutual=8:5e-6\n"));
        assertEquals(3.1e-6, answered.callTime.get("shmem_quiet"), 1e-12);
        assertEquals(2e-6, answered.callTime.get("shmem_long_g"), 1e-12);
        // without the mutual row nothing is charged
        assertEquals(1e-7, simulate(trace, "table", machine("g-alone", rows)).callTime.get("shmem_quiet"), 1e-12);
    }

    /** What the tests read of a replay. */
    private record Prediction(double predicted, double traced, List<Double> compute, List<Double> waited,
                              Map<String, Double> callTime, long unmatchedWaits) {}

    private Prediction simulate(Path trace, String model, Path machine) throws Exception {
        CommModel chosen = Models.named(model).orElseThrow();
        Machine m = machine == null ? null : MachineFile.read(machine);
        return MergedRun.convert(trace, RunReading.DEFAULT, Messages.SILENT, f -> {
            try {
                Replay replay = Simulation.replay(f, chosen, m);
                WaitStates waits = WaitStates.collector(f, note -> { });
                replay.onWait(waits);
                Replay.Result r = replay.run();
                io.shmemtrace.replay.report.Prediction p = io.shmemtrace.replay.report.Prediction.of(model, "", r, 0, waits);
                Map<String, Double> callTime = new HashMap<>();
                for (int i = 0; i < r.callTable().size(); i++) {
                    if (r.calls()[i].calls > 0) callTime.put(r.callTable().get(i).name(), r.calls()[i].time);
                }
                return new Prediction(p.predicted(), p.traced(), r.tasks().stream().map(PeTimes::compute).toList(),
                        r.tasks().stream().map(PeTimes::waited).toList(), callTime, r.unmatchedWaits());
            } catch (MachineException | ReplayException e) {
                throw new AssertionError(e);
            }
        });
    }
}
