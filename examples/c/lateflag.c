/*
 * lateflag: a planted problem for shmemtrace findings (docs/findings.md). Each step PE 0 produces a value (region
 * "produce"), then prepares its next step (region "prepare": work the value does not need), then writes the step's
 * flag to every other PE; they wait for it, consume (region "consume"), and all meet at a barrier. The others wait
 * for the flag while PE 0 prepares. "fixed" writes the flag before preparing: what
 * `shmemsim --what-if defer:prepare:0` predicts.
 *   lateflag [steps [work_per_step]] [fixed]     (40 steps, 1000000 units: produce and consume that, prepare twice)
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#include "planted.h"
#include "shmemtrace.h"

static long flag, value;


static void prepare(long units)
{
    shmemtrace_region_begin("prepare");
    work(2 * units);
    shmemtrace_region_end("prepare");
}

int main(int argc, char **argv)
{
    int fixed = fixed_variant(&argc, argv);
    int args = argc;
    int steps = args > 1 ? atoi(argv[1]) : 40;
    long units = args > 2 ? atol(argv[2]) : 1000000;
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    shmem_barrier_all();
    for (int step = 0; step < steps; step++) {
        if (me == 0) {
            shmemtrace_region_begin("produce");
            work(units);
            shmemtrace_region_end("produce");
            if (!fixed) prepare(units); /* the planted problem: the flag waits for work it does not need */
            for (int pe = 1; pe < npes; pe++) shmem_long_p(&value, step, pe);
            shmem_fence();
            for (int pe = 1; pe < npes; pe++) shmem_long_p(&flag, step + 1, pe);
            if (fixed) prepare(units);
        } else {
            shmem_long_wait_until(&flag, SHMEM_CMP_GE, step + 1);
            shmemtrace_region_begin("consume");
            work(units);
            shmemtrace_region_end("consume");
        }
        shmem_barrier_all();
    }
    int wrong = me != 0 && value != steps - 1;
    if (me == 0) printf("lateflag: %d steps of %ld units on %d PEs, %s\n", steps, units, npes,
                        fixed ? "fixed (flag first)" : "planted (flag after preparing)");
    shmem_finalize();
    return wrong;
}
