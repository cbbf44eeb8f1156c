package io.shmemtrace.sim;

import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.testing.SyntheticRun;
import io.shmemtrace.spec.SpecEvents;

/** Synthetic runs (SyntheticRun) of the calls these tests make. */
final class SyntheticRuns {
    private SyntheticRuns() {}

    private static final EventTable TABLE = SpecEvents.subset("shmem_init", "shmem_finalize", "shmem_barrier_all",
            "shmem_putmem", "shmem_long_sum_to_all", "shmem_broadcast64", "shmem_set_lock", "shmem_clear_lock",
            "shmem_putmem_nbi", "shmem_quiet", "shmem_long_p", "shmem_long_wait_until", "shmem_malloc",
            "shmem_fence");

    static SyntheticRun of(int npes) {
        return new SyntheticRun(npes, TABLE);
    }
}
