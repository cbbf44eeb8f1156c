/*
 * hotlock: a planted problem for shmemtrace findings (docs/findings.md). Each step every PE takes a lock, computes
 * its contribution (region "update") while holding it, adds it to a total on PE 0, and releases the lock; then
 * computes on its own (region "compute") and all meet at a barrier. The PEs queue for the lock while its holder
 * computes. "fixed" computes the contribution before taking the lock, which then guards only the addition: what
 * `shmemsim --what-if defer:update` predicts.
 *   hotlock [steps [work_per_step]] [fixed]     (40 steps, 500000 units: update and compute that)
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#include "planted.h"
#include "shmemtrace.h"

static long lock, total;

static long contribution(long units)
{
    shmemtrace_region_begin("update");
    work(units);
    shmemtrace_region_end("update");
    return 1; /* each PE's contribution to the total */
}

int main(int argc, char **argv)
{
    int fixed = fixed_variant(&argc, argv);
    int args = argc;
    int steps = args > 1 ? atoi(argv[1]) : 40;
    long units = args > 2 ? atol(argv[2]) : 500000;
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    shmem_barrier_all();
    for (int step = 0; step < steps; step++) {
        long c = fixed ? contribution(units) : 0;
        shmem_set_lock(&lock);
        if (!fixed) c = contribution(units); /* the planted problem: computing while holding the lock */
        shmem_long_p(&total, shmem_long_g(&total, 0) + c, 0);
        shmem_quiet();
        shmem_clear_lock(&lock);
        shmemtrace_region_begin("compute");
        work(units);
        shmemtrace_region_end("compute");
        shmem_barrier_all();
    }
    int wrong = me == 0 && total != (long)steps * npes;
    if (me == 0) printf("hotlock: %d steps of %ld units on %d PEs, %s%s\n", steps, units, npes,
                        fixed ? "fixed (computing outside the lock)" : "planted (computing under the lock)",
                        wrong ? ", WRONG total" : "");
    shmem_finalize();
    return wrong;
}
