package io.shmemtrace.synth;

import io.shmemtrace.format.EventTable;
import io.shmemtrace.spec.SpecEvents;

/**
 * The calls a synthetic run makes, taken from event-spec.xml's table (names, fields and semantics as the
 * tracer records them), so that the tools treat a synthetic trace exactly as a traced one. Ids are this
 * table's own, in the order below: every trace carries its table.
 */
final class SynthEvents {
    static final int INIT = 0, FINALIZE = 1, MY_PE = 2, N_PES = 3, PUTMEM_NBI = 4, QUIET = 5, LONG_P = 6,
            LONG_GET = 7, BARRIER_ALL = 8, BROADCAST64 = 9, LONG_SUM_TO_ALL = 10, SET_LOCK = 11, CLEAR_LOCK = 12,
            FETCH_ADD = 13;

    static final EventTable TABLE = SpecEvents.subset("shmem_init", "shmem_finalize", "shmem_my_pe",
            "shmem_n_pes", "shmem_putmem_nbi", "shmem_quiet", "shmem_long_p", "shmem_long_get",
            "shmem_barrier_all", "shmem_broadcast64", "shmem_long_sum_to_all", "shmem_set_lock",
            "shmem_clear_lock", "shmem_long_atomic_fetch_add");

    private SynthEvents() {}
}
