package io.shmemtrace.merged.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.testing.SyntheticRun;
import io.shmemtrace.merged.format.AlignmentMethod;
import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.spec.SpecEvents;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two hosts whose barrier exits do not coincide (PE 1 leaves each barrier 50 us after PE 0, as over TCP here): the
 * exits alone place PE 1 50 us early, inside every barrier's band, and its wait would return 40 us before the write
 * that ended it started (its lock be granted 40 us before the release). The pair, matched by its epoch, moves PE 1's
 * host as far as that needs and a microsecond past it (the bands' margin), no further. All times in ns, exact.
 */
class CausalPairsTest {
    private static final long ADDR = 0x10000;
    /** How far host 1's CLOCK_REALTIME is ahead: the merge knows nothing of it but what the events say. */
    private static final long AHEAD_NS = 3_000_000;

    @TempDir
    Path dir;

    private static SyntheticRun twoHosts() {
        return new SyntheticRun(2, SpecEvents.subset("shmem_init", "shmem_finalize", "shmem_barrier_all", "shmem_long_p",
                "shmem_long_wait_until", "shmem_set_lock", "shmem_clear_lock")).onHost(1, "node1", AHEAD_NS);
    }

    private Path run() throws Exception {
        SyntheticRun run = twoHosts();
        // PE 0: barrier 1,000-100,000; the flag's put at 300,000; barrier 400,000-450,000
        run.call(0, "shmem_init", 0, 1000).call(0, "shmem_barrier_all", 0, 99_000)
                .call(0, "shmem_long_p", 200_000, 500, 1, ADDR, 1).call(0, "shmem_barrier_all", 99_500, 50_000);
        // PE 1: barrier 1,000-150,000; waits for the flag 160,000-310,000; barrier 400,000-500,000
        run.call(1, "shmem_init", 0, 1000).call(1, "shmem_barrier_all", 0, 149_000)
                .call(1, "shmem_long_wait_until", 10_000, 150_000, ADDR, 0, 1).call(1, "shmem_barrier_all", 90_000, 100_000);
        run.all("shmem_finalize", 0, 1000);
        return run.writeTo(Files.createDirectories(dir.resolve("run")));
    }

    /**
     * A flag written twice, one epoch each (cmp 5: GE): PE 1's first wait (for 1) blocks, its second (for 2) finds
     * the flag set. PE 0 writes 1, then 2 at 650,000; PE 1 waits 640,000-640,500 on its clock: with the exits' offset
     * (50 us) placed at 590,000-590,500, before the write started. The first write's value (1) does not meet the
     * second wait (GE 2), so that wait was released in its own epoch: by the second write. Where the first write
     * wrote 2 already, the second wait may have found that: nothing said.
     */
    private Path flagTwice(long firstValue) throws Exception {
        SyntheticRun run = twoHosts();
        run.call(0, "shmem_init", 0, 1000).call(0, "shmem_barrier_all", 0, 99_000)
                .call(0, "shmem_long_p", 200_000, 500, 1, ADDR, firstValue).call(0, "shmem_barrier_all", 99_500, 50_000)
                .call(0, "shmem_long_p", 200_000, 500, 1, ADDR, 2).call(0, "shmem_barrier_all", 99_500, 50_000);
        run.call(1, "shmem_init", 0, 1000).call(1, "shmem_barrier_all", 0, 149_000)
                .call(1, "shmem_long_wait_until", 10_000, 150_000, ADDR, 5, 1).call(1, "shmem_barrier_all", 90_000, 100_000)
                .call(1, "shmem_long_wait_until", 140_000, 500, ADDR, 5, 2).call(1, "shmem_barrier_all", 109_500, 100_000);
        run.all("shmem_finalize", 0, 1000);
        return run.writeTo(Files.createDirectories(dir.resolve("flag-" + firstValue)));
    }

    /** The same with a lock: PE 1 waits for it 160,000-310,000 while PE 0 holds it, released at 300,000. */
    private Path lockRun() throws Exception {
        SyntheticRun run = twoHosts();
        lockHolders(run);
        run.all("shmem_finalize", 0, 1000);
        return run.writeTo(Files.createDirectories(dir.resolve("lock-run")));
    }

    /** PE 0 holds the lock 111,000-300,000; PE 1 waits for it 160,000-310,000 (host 1's clock), holds it to 310,000. */
    private static void lockHolders(SyntheticRun run) {
        run.call(0, "shmem_init", 0, 1000).call(0, "shmem_barrier_all", 0, 99_000)
                .call(0, "shmem_set_lock", 10_000, 1000, ADDR).call(0, "shmem_clear_lock", 189_000, 500, ADDR)
                .call(0, "shmem_barrier_all", 99_500, 50_000);
        run.call(1, "shmem_init", 0, 1000).call(1, "shmem_barrier_all", 0, 149_000)
                .call(1, "shmem_set_lock", 10_000, 150_000, ADDR).call(1, "shmem_clear_lock", 0, 500, ADDR)
                .call(1, "shmem_barrier_all", 89_500, 100_000);
    }

    /**
     * The lock run with a PE beside each (PE 2 on host 0, PE 3 on host 1, PE 3 taking the lock 350,000-360,000 after
     * PE 1): a release on the grant's own host in the epoch, so no release can be said to be the one PE 1 waited for;
     * but the holds cannot overlap, and placed by the exits PE 1's lies inside PE 0's, nearer its end: after it.
     */
    private Path lockRunWithNeighbours() throws Exception {
        SyntheticRun run = new SyntheticRun(4, SpecEvents.subset("shmem_init", "shmem_finalize", "shmem_barrier_all",
                "shmem_set_lock", "shmem_clear_lock")).onHost(1, "node1", AHEAD_NS).onHost(3, "node1", AHEAD_NS);
        lockHolders(run);
        run.call(2, "shmem_init", 0, 1000).call(2, "shmem_barrier_all", 0, 99_000)
                .call(2, "shmem_barrier_all", 300_000, 50_000);
        run.call(3, "shmem_init", 0, 1000).call(3, "shmem_barrier_all", 0, 149_000)
                .call(3, "shmem_set_lock", 200_000, 1000, ADDR).call(3, "shmem_clear_lock", 9_000, 500, ADDR)
                .call(3, "shmem_barrier_all", 39_500, 100_000);
        run.all("shmem_finalize", 0, 1000);
        return run.writeTo(Files.createDirectories(dir.resolve("lock-neighbours")));
    }

    /**
     * Three hosts, the write and the wait on the two that are not the reference: PE 1's exits coincide with PE 0's (its
     * host placed as its clock is), PE 2 leaves each barrier 50 us after them (placed 50 us early), and PE 1 writes the
     * flag PE 2 waits for. The pair between the two other hosts moves PE 2's the same way (the write's time on the
     * reference's clock by PE 1's line).
     */
    private Path threeHosts() throws Exception {
        SyntheticRun run = new SyntheticRun(3, SpecEvents.subset("shmem_init", "shmem_finalize", "shmem_barrier_all",
                "shmem_long_p", "shmem_long_wait_until")).onHost(1, "node1", -2_000_000).onHost(2, "node2", 5_000_000);
        run.call(0, "shmem_init", 0, 1000).call(0, "shmem_barrier_all", 0, 99_000)
                .call(0, "shmem_barrier_all", 300_000, 50_000);
        run.call(1, "shmem_init", 0, 1000).call(1, "shmem_barrier_all", 0, 99_000)
                .call(1, "shmem_long_p", 200_000, 500, 2, ADDR, 1).call(1, "shmem_barrier_all", 99_500, 50_000);
        run.call(2, "shmem_init", 0, 1000).call(2, "shmem_barrier_all", 0, 149_000)
                .call(2, "shmem_long_wait_until", 10_000, 150_000, ADDR, 0, 1).call(2, "shmem_barrier_all", 90_000, 100_000);
        run.all("shmem_finalize", 0, 1000);
        return run.writeTo(Files.createDirectories(dir.resolve("three-hosts")));
    }

    @Test
    void aWaitReturnsAfterTheWriteThatEndedItStartedOnAnotherHost() throws Exception {
        causeAndEffect(run(), RecordType.P, RecordType.WAIT);
    }

    @Test
    void aWaitThatFoundItsFlagSetReturnsAfterTheWriteOfItsEpochWhenTheValueBeforeDidNotMeetIt() throws Exception {
        assertEquals(1_000, secondWaitEndLessItsWriteStartNs(1));
    }

    @Test
    void aWaitThatFoundItsFlagSetSaysNothingWhereTheValueBeforeMayHaveMetIt() throws Exception {
        // only the first wait's pair (41 us later than the exits' offset): the second returns 18.5 us before
        assertEquals(-18_500, secondWaitEndLessItsWriteStartNs(2));
    }

    /** In the merged flagTwice(firstValue): PE 1's second wait's return less the start of PE 0's second write, ns. */
    private long secondWaitEndLessItsWriteStartNs(long firstValue) throws Exception {
        Path merged = dir.resolve("flag-" + firstValue + ".psins");
        Merged.Run r = Merged.run(flagTwice(firstValue), merged);
        assertTrue(r.merged(), r.err());
        try (MergedFile f = MergedFile.open(merged)) {
            RunRecord second = all(f, 1, RecordType.WAIT).get(1), write = all(f, 0, RecordType.P).get(1);
            return Math.round((second.start() + second.duration() - write.start()) * 1e9);
        }
    }

    @Test
    void aPairBetweenTwoHostsThatAreNotTheReferenceMovesTheOneItNeeds() throws Exception {
        causeAndEffect(threeHosts(), 1, RecordType.P, 2, RecordType.WAIT);
    }

    @Test
    void aLockIsGrantedAfterItsReleaseOnAnotherHost() throws Exception {
        causeAndEffect(lockRun(), RecordType.CLEAR_LOCK, RecordType.SET_LOCK);
    }

    @Test
    void aLockIsGrantedAfterTheHoldBeforeItWhereItsOwnHostAlsoReleasedIt() throws Exception {
        causeAndEffect(lockRunWithNeighbours(), RecordType.CLEAR_LOCK, RecordType.SET_LOCK);
    }

    private void causeAndEffect(Path run, RecordType cause, RecordType effect) throws Exception {
        causeAndEffect(run, 0, cause, 1, effect);
    }

    /** PE causePe's only call of type cause started 1,000 ns before PE effectPe's blocked call of type effect returned. */
    private void causeAndEffect(Path run, int causePe, RecordType cause, int effectPe, RecordType effect) throws Exception {
        Path merged = dir.resolve(run.getFileName() + ".psins");
        Merged.Run r = Merged.run(run, merged);
        assertTrue(r.merged(), r.err());
        try (MergedFile f = MergedFile.open(merged)) {
            assertEquals(AlignmentMethod.BARRIER, f.header().alignment());
            RunRecord released = only(f, causePe, cause), blocked = only(f, effectPe, effect);
            // the exits' offset placed the return 40,000 ns before the release; the pair moves it 41,000 ns later
            assertEquals(1_000e-9, blocked.start() + blocked.duration() - released.start(), 1e-12);
            // and every barrier still has no PE leaving before another arrived
            int pes = f.header().tasks();
            for (int k = 0; k < 2; k++) {
                double lastArrival = Double.NEGATIVE_INFINITY, firstExit = Double.POSITIVE_INFINITY;
                for (int pe = 0; pe < pes; pe++) {
                    RunRecord b = all(f, pe, RecordType.BARRIER_ALL).get(k);
                    lastArrival = Math.max(lastArrival, b.start());
                    firstExit = Math.min(firstExit, b.start() + b.duration());
                }
                assertTrue(firstExit >= lastArrival, "barrier " + k);
            }
        }
    }

    private static RunRecord only(MergedFile f, int pe, RecordType type) throws Exception {
        List<RunRecord> found = all(f, pe, type);
        assertEquals(1, found.size());
        return found.get(0);
    }

    private static List<RunRecord> all(MergedFile f, int pe, RecordType type) throws Exception {
        return f.records(pe).stream().filter(x -> x.type() == type).toList();
    }
}
