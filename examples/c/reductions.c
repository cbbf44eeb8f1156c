/*
 * reductions: a planted problem for shmemtrace findings (docs/findings.md). Each step every PE computes N partial
 * sums, then in region "reduce" sums each across the PEs with a reduction of its own (N shmem_long_sum_to_all of one
 * word in a row), where one reduction of N words would do. "fixed" makes that one reduction: what
 * `shmemsim --what-if aggregate:shmem_long_sum_to_all:reduce` predicts.
 *   reductions [steps [values [work_per_step]]] [fixed]     (100 steps, 16 values, 20000 units)
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#include "planted.h"
#include "shmemtrace.h"

#define MAX_VALUES 1024

static long source[MAX_VALUES], sums[MAX_VALUES];
/* two of each, used in turn: a reduction may start before every PE has left the previous one on the same pSync */
static long sync_arrays[2][SHMEM_REDUCE_SYNC_SIZE];
#define WORK_SIZE \
    (SHMEM_REDUCE_MIN_WRKDATA_SIZE > MAX_VALUES / 2 + 1 ? SHMEM_REDUCE_MIN_WRKDATA_SIZE : MAX_VALUES / 2 + 1)
static long work_arrays[2][WORK_SIZE];


int main(int argc, char **argv)
{
    int fixed = fixed_variant(&argc, argv);
    int args = argc;
    int steps = args > 1 ? atoi(argv[1]) : 100;
    int values = args > 2 ? atoi(argv[2]) : 16;
    long units = args > 3 ? atol(argv[3]) : 20000;
    if (values < 1 || values > MAX_VALUES) values = 16;
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) sync_arrays[k][i] = SHMEM_SYNC_VALUE;
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    shmem_barrier_all();
    int turn = 0, wrong = 0;
    for (int step = 0; step < steps; step++) {
        work(units);
        for (int i = 0; i < values; i++) source[i] = me + i + step;
        shmemtrace_region_begin("reduce");
        if (fixed) {
            shmem_long_sum_to_all(sums, source, values, 0, 0, npes, work_arrays[turn], sync_arrays[turn]);
            turn ^= 1;
        } else {
            for (int i = 0; i < values; i++) { /* the planted problem: one reduction per value */
                shmem_long_sum_to_all(&sums[i], &source[i], 1, 0, 0, npes, work_arrays[turn], sync_arrays[turn]);
                turn ^= 1;
            }
        }
        shmemtrace_region_end("reduce");
        for (int i = 0; i < values; i++)
            if (sums[i] != (long)npes * (npes - 1) / 2 + (long)npes * (i + step)) wrong = 1;
    }
    if (me == 0) printf("reductions: %d steps of %d values on %d PEs, %s%s\n", steps, values, npes,
                        fixed ? "fixed (one reduction)" : "planted (a reduction per value)",
                        wrong ? ", WRONG sums" : "");
    shmem_finalize();
    return wrong;
}
