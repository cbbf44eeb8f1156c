package io.shmemtrace.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.merged.merge.TemporaryMerge;
import io.shmemtrace.merged.read.PsinsFile;
import io.shmemtrace.replay.engine.WaitState;
import io.shmemtrace.replay.report.WaitStates;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Wait states of synthetic runs whose answer is known exactly. */
class WaitStatesTest {
    private static final long MS = 1_000_000;
    private static final double NS = 1e-9;
    private static final long ADDR = 0x10000;

    @TempDir
    Path dir;

    private WaitStates states(SyntheticRun run, String name) throws Exception {
        Path trace = run.writeTo(Files.createDirectories(dir.resolve(name)));
        try (TemporaryMerge m = TemporaryMerge.of(trace, "test", new PrintStream(new ByteArrayOutputStream()));
             PsinsFile f = PsinsFile.open(m.path())) {
            assertEquals(0, m.status());
            return WaitStates.of(f, note -> { });
        }
    }

    @Test
    void aPeLateAtEachBarrierIsTheOthersWaitAtBarrier() throws Exception {
        // 3 PEs; PE 2 computes 2 ms more than the others before each of 5 barriers; as in a real run, the others'
        // barriers last until PE 2 is in, and all leave together
        SyntheticRun run = new SyntheticRun(3).all("shmem_init", 0, 1000);
        for (int k = 0; k < 5; k++) {
            run.call(0, "shmem_barrier_all", MS, 2 * MS + 10_000).call(1, "shmem_barrier_all", MS, 2 * MS + 10_000)
                    .call(2, "shmem_barrier_all", 3 * MS, 10_000);
        }
        WaitStates s = states(run.all("shmem_finalize", 0, 1000), "barrier");
        assertEquals(5 * 2 * MS * NS, s.ofPe(WaitState.WAIT_AT_BARRIER, 0), 1e-12);
        assertEquals(5 * 2 * MS * NS, s.ofPe(WaitState.WAIT_AT_BARRIER, 1), 1e-12);
        assertEquals(0, s.ofPe(WaitState.WAIT_AT_BARRIER, 2), 1e-12);
        assertEquals(20 * MS * NS, s.total(WaitState.WAIT_AT_BARRIER), 1e-12);
        for (WaitState w : WaitState.values()) if (w != WaitState.WAIT_AT_BARRIER) assertEquals(0, s.total(w), w.label);
        ByteArrayOutputStream csv = new ByteArrayOutputStream();
        s.csv(new PrintStream(csv, true, StandardCharsets.UTF_8));
        assertEquals(List.of("pattern,pe,callsite,seconds", "wait_at_barrier,0,shmem_barrier_all,0.010000000",
                "wait_at_barrier,1,shmem_barrier_all,0.010000000"), csv.toString(StandardCharsets.UTF_8).lines().toList());
    }

    /**
     * A run that cannot happen (PE 1 reaches each barrier 10 ms after PE 0, yet PE 0's barriers last 1 us, as a
     * synthetic run or clocks aligned badly make it): the replay finds PE 0 waiting 10 ms, but a wait is part of its
     * call, so each is counted at the call's 1 us and the report says how much was cut.
     */
    @Test
    void aWaitNeverExceedsTheCallItIsPartOf() throws Exception {
        SyntheticRun run = new SyntheticRun(2).all("shmem_init", 0, 1000);
        for (int k = 0; k < 3; k++) {
            run.call(0, "shmem_barrier_all", MS, 1000).call(1, "shmem_barrier_all", 11 * MS, 1000);
        }
        WaitStates s = states(run.all("shmem_finalize", 0, 1000), "impossible");
        assertEquals(3 * 1000 * NS, s.ofPe(WaitState.WAIT_AT_BARRIER, 0), 1e-12, "at most the barriers' own time");
        assertEquals(3, s.beyondCall());
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        s.print(new PrintStream(text, true, StandardCharsets.UTF_8));
        String said = text.toString(StandardCharsets.UTF_8).lines().toList().get(1);
        assertTrue(said.startsWith("  (the replay does not reproduce this run: 3 waits were longer than their call, by"),
                said);
    }

    @Test
    void aLateRootIsLateBroadcastForTheOthers() throws Exception {
        // root 1 arrives 1 ms after the others at each of 4 broadcasts (nelems 4, root 1, target, set 0..2)
        SyntheticRun run = new SyntheticRun(3).all("shmem_init", 0, 1000);
        for (int k = 0; k < 4; k++) {
            for (int pe = 0; pe < 3; pe++) {
                run.call(pe, "shmem_broadcast64", pe == 1 ? 2 * MS : MS, pe == 1 ? 5_000 : MS + 5_000, 4, 1, ADDR, 0, 0, 3);
            }
            run.all("shmem_barrier_all", 0, 5_000);
        }
        WaitStates s = states(run.all("shmem_finalize", 0, 1000), "broadcast");
        assertEquals(4 * MS * NS, s.ofPe(WaitState.LATE_BROADCAST, 0), 1e-12);
        assertEquals(0, s.ofPe(WaitState.LATE_BROADCAST, 1), 1e-12);
        assertEquals(4 * MS * NS, s.ofPe(WaitState.LATE_BROADCAST, 2), 1e-12);
    }

    @Test
    void aHeldLockIsContentionForTheNextHolder() throws Exception {
        // PE 0 takes the lock at 1 ms and clears it at 4 ms; PE 1 asks at 2 ms and gets it when it is cleared
        SyntheticRun run = new SyntheticRun(2).all("shmem_init", 0, 1000);
        run.call(0, "shmem_set_lock", MS - 1000, 1000, ADDR).call(0, "shmem_clear_lock", 3 * MS - 1000, 1000, ADDR);
        run.call(1, "shmem_set_lock", 2 * MS - 1000, 2 * MS + 1000, ADDR).call(1, "shmem_clear_lock", 0, 1000, ADDR);
        WaitStates s = states(run.all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000), "lock");
        // PE 1 waits from its set_lock's start (2 ms) to the start of PE 0's clear_lock (4 ms): the lock is handed
        // over inside the clear_lock, and the traced set_lock's last microsecond is its own cost
        assertEquals(2 * MS * NS, s.ofPe(WaitState.LOCK_CONTENTION, 1), 1e-12);
        assertEquals(0, s.ofPe(WaitState.LOCK_CONTENTION, 0), 1e-12);
    }
}
