package io.shmemtrace.waits;

import io.shmemtrace.format.testing.SyntheticRun;
import io.shmemtrace.io.Messages;
import io.shmemtrace.merged.merge.Alignment;
import io.shmemtrace.merged.merge.Merge;
import io.shmemtrace.merged.merge.RunReading;
import io.shmemtrace.spec.SpecEvents;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Wait states of synthetic runs whose answer is known exactly. */
class WaitStatesTest {
    /** A synthetic run of the calls these tests make. */
    private static SyntheticRun synthetic(int npes) {
        return new SyntheticRun(npes, SpecEvents.subset("shmem_init", "shmem_finalize", "shmem_barrier_all",
                "shmem_putmem", "shmem_long_sum_to_all", "shmem_broadcast64", "shmem_set_lock", "shmem_clear_lock",
                "shmem_putmem_nbi", "shmem_quiet", "shmem_long_p", "shmem_long_wait_until"));
    }

    private static final long MS = 1_000_000;
    private static final double NS = 1e-9;
    private static final long ADDR = 0x10000;

    @TempDir
    Path dir;

    /** The run's wait states from its traces, checked against those from its merged file: the same text. */
    private WaitStates states(SyntheticRun run, String name) throws Exception {
        Path trace = run.writeTo(Files.createDirectories(dir.resolve(name)));
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        Messages messages = Messages.of("test", new PrintStream(said, true, StandardCharsets.UTF_8), null);
        WaitStates fromTraces = TimelineWaits.of(trace, RunReading.DEFAULT, messages);
        Path merged = dir.resolve(name + ".psins");
        Merge.run(new Merge.Options(List.of(trace), merged, dir.resolve(name + ".RankPid.extended"), false, 64,
                Alignment.Mode.AUTO, false), messages);
        WaitStates fromFile = TimelineWaits.of(merged, RunReading.DEFAULT, messages);
        assertEquals("", said.toString(StandardCharsets.UTF_8));
        assertEquals(text(fromFile), text(fromTraces));
        return fromTraces;
    }

    private static String text(WaitStates s) {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        s.print(new PrintStream(text, true, StandardCharsets.UTF_8));
        return text.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aPeLateAtEachBarrierIsTheOthersWaitAtBarrier() throws Exception {
        // 3 PEs; PE 2 computes 2 ms more than the others before each of 5 barriers; as in a real run, the others'
        // barriers last until PE 2 is in, and all leave together
        SyntheticRun run = synthetic(3).all("shmem_init", 0, 1000);
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
     * synthetic run or clocks aligned badly make it): the timeline has PE 0 waiting 10, 20 and 30 ms, but a wait is
     * part of its call, so each is counted at the call's 1 us and the report says how much was cut.
     */
    @Test
    void aWaitNeverExceedsTheCallItIsPartOf() throws Exception {
        SyntheticRun run = synthetic(2).all("shmem_init", 0, 1000);
        for (int k = 0; k < 3; k++) {
            run.call(0, "shmem_barrier_all", MS, 1000).call(1, "shmem_barrier_all", 11 * MS, 1000);
        }
        WaitStates s = states(run.all("shmem_finalize", 0, 1000), "impossible");
        assertEquals(3 * 1000 * NS, s.ofPe(WaitState.WAIT_AT_BARRIER, 0), 1e-12, "at most the barriers' own time");
        assertEquals(3, s.beyondCall());
        String said = text(s).lines().toList().get(1);
        assertTrue(said.startsWith("  (the aligned clocks do not agree with this run: 3 waits were longer than their call,"
                + " by 0.059997000 s in all;"), said);
    }

    @Test
    void aLateRootIsLateBroadcastForTheOthers() throws Exception {
        // root 1 arrives 1 ms after the others at each of 4 broadcasts (nelems 4, root 1, target, set 0..2)
        SyntheticRun run = synthetic(3).all("shmem_init", 0, 1000);
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
        SyntheticRun run = synthetic(2).all("shmem_init", 0, 1000);
        run.call(0, "shmem_set_lock", MS - 1000, 1000, ADDR).call(0, "shmem_clear_lock", 3 * MS - 1000, 1000, ADDR);
        run.call(1, "shmem_set_lock", 2 * MS - 1000, 2 * MS + 1000, ADDR).call(1, "shmem_clear_lock", 0, 1000, ADDR);
        WaitStates s = states(run.all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000), "lock");
        // PE 1 waits from its set_lock's start (2 ms) to the start of PE 0's clear_lock (4 ms): the lock is handed
        // over inside the clear_lock, and the traced set_lock's last microsecond is its own cost
        assertEquals(2 * MS * NS, s.ofPe(WaitState.LOCK_CONTENTION, 1), 1e-12);
        assertEquals(0, s.ofPe(WaitState.LOCK_CONTENTION, 0), 1e-12);
    }

    @Test
    void aQuietAfterNbiPutsIsNotOverlappedAndABarrierOnlyForWhatItDidNotWait() throws Exception {
        // PE 0 posts a put, then its quiet takes 3 ms; it posts another, and its barrier (5 ms) waits 2 ms for PE 1:
        // the barrier's other 3 ms went to the put. PE 1's quiet completes nothing posted: no wait.
        SyntheticRun run = synthetic(2).all("shmem_init", 0, 1000);
        run.call(0, "shmem_putmem_nbi", 10_000, 1000, 1, 8, ADDR).call(0, "shmem_quiet", 0, 3 * MS);
        run.call(0, "shmem_putmem_nbi", 0, 1000, 1, 8, ADDR).call(0, "shmem_barrier_all", 0, 5 * MS);
        run.call(1, "shmem_quiet", 0, 1000).call(1, "shmem_barrier_all", 5 * MS + 11_000, 3 * MS);
        WaitStates s = states(run.all("shmem_finalize", 0, 1000), "nbi");
        assertEquals(2 * MS * NS, s.ofPe(WaitState.WAIT_AT_BARRIER, 0), 1e-12);
        assertEquals((3 * MS + 3 * MS) * NS, s.ofPe(WaitState.NBI_NOT_OVERLAPPED, 0), 1e-12);
        assertEquals(0, s.ofPe(WaitState.NBI_NOT_OVERLAPPED, 1), 1e-12);
        assertEquals(0, s.ofPe(WaitState.WAIT_AT_BARRIER, 1), 1e-12);
        assertEquals(0, s.beyondCall());
    }

    @Test
    void aWaitIsReleasedByTheLatestWriteToItsWord() throws Exception {
        // PE 1 writes another word of PE 0 at 2 ms, PE 0's flag at 2.001 ms and again at 5 ms; PE 0 waits on the flag
        // from 1 ms to 5.002 ms: it waited for the last write, seen at its return (5.001 ms)
        SyntheticRun run = synthetic(2).all("shmem_init", 0, 1000);
        run.call(1, "shmem_long_p", 2 * MS - 1000, 1000, 0, ADDR + 8, 1).call(1, "shmem_long_p", 0, 1000, 0, ADDR, 1)
                .call(1, "shmem_long_p", 3 * MS - 2000, 1000, 0, ADDR, 1);
        run.call(0, "shmem_long_wait_until", MS - 1000, 4 * MS + 2000, ADDR, 0, 1);
        WaitStates s = states(run.all("shmem_barrier_all", MS, 1000).all("shmem_finalize", 0, 1000), "writer");
        assertEquals((4 * MS + 1000) * NS, s.ofPe(WaitState.LATE_WRITER, 0), 1e-12);
        assertEquals(0, s.ofPe(WaitState.LATE_WRITER, 1), 1e-12);
    }
}
