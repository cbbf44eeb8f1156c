/*
 * imbalance: a planted problem for shmemtrace findings (docs/findings.md). Each step every PE computes in region
 * "solve", then all meet at a barrier; PE 0 (or the PE given) has 30 % (or the percentage given) more work in "solve"
 * than the others, so they wait for it at every barrier. "fixed" spreads that extra work evenly over the PEs (the same
 * total work): what a balanced decomposition would do, and what `shmemsim --what-if balance:solve` predicts.
 *   imbalance [steps [work_per_step [slow_pe [extra_percent]]]] [fixed]     (40 steps, 400000 units, PE 0, 30 %)
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#include "planted.h"
#include "shmemtrace.h"


int main(int argc, char **argv)
{
    int fixed = fixed_variant(&argc, argv);
    int args = argc;
    int steps = args > 1 ? atoi(argv[1]) : 40;
    long units = args > 2 ? atol(argv[2]) : 400000;
    int slow = args > 3 ? atoi(argv[3]) : 0;
    long percent = args > 4 ? atol(argv[4]) : 30;
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    long extra = units * percent / 100; /* the planted problem */
    long mine = fixed ? units + extra / npes : units + (me == slow ? extra : 0);
    shmem_barrier_all();
    for (int step = 0; step < steps; step++) {
        shmemtrace_region_begin("solve");
        work(mine);
        shmemtrace_region_end("solve");
        shmem_barrier_all();
    }
    if (me == 0) printf("imbalance: %d steps of %ld units on %d PEs, %s\n", steps, units, npes,
                        fixed ? "fixed (balanced)" : "planted (PE slow)");
    shmem_finalize();
    return 0;
}
