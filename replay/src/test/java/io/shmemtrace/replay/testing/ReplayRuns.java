package io.shmemtrace.replay.testing;

import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.testing.SyntheticRun;
import io.shmemtrace.spec.SpecEvents;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The synthetic runs and machines the replay's tests and its tool's share (replay's test jar). */
public final class ReplayRuns {
    private ReplayRuns() {}

    private static final long MS = 1_000_000;

    private static final EventTable TABLE = SpecEvents.subset("shmem_init", "shmem_finalize", "shmem_barrier_all",
            "shmem_putmem", "shmem_long_sum_to_all", "shmem_broadcast64", "shmem_set_lock", "shmem_clear_lock",
            "shmem_putmem_nbi", "shmem_quiet", "shmem_long_p", "shmem_long_wait_until", "shmem_malloc",
            "shmem_fence", "shmem_long_atomic_add", "shmem_long_g");

    /** A machine of one node where communication costs nothing; %s: its CPU ratio. */
    public static final String FREE_MACHINE = """
            Machine 1 1e300 0 1
            Node -1 4 1 1 1e300 0 %s
            Model loggp onnode.L=0 onnode.o=0 onnode.g=0 onnode.G=0 offnode.L=0 offnode.o=0 offnode.g=0 offnode.G=0
            """;

    /** A run of npes PEs, of the calls these tests make. */
    public static SyntheticRun of(int npes) {
        return new SyntheticRun(npes, TABLE);
    }

    /** Ten steps of 1 ms compute and a barrier on 2 PEs, PE 1 late by lateNs before the third barrier, under dir. */
    public static Path steps(Path dir, long lateNs) throws IOException {
        SyntheticRun run = of(2).all("shmem_init", 0, 500_000);
        for (int k = 0; k < 10; k++) {
            run.call(0, "shmem_barrier_all", MS, 10_000);
            run.call(1, "shmem_barrier_all", MS + (k == 2 ? lateNs : 0), 10_000);
        }
        run.all("shmem_finalize", 0, 800_000);
        return run.writeTo(Files.createDirectories(dir.resolve("steps-" + lateNs)));
    }
}
