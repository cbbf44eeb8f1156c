/*
 * smallputs: a planted problem for shmemtrace findings (docs/findings.md). Each step every PE computes, then in
 * region "exchange" sends its halo of N words to its right neighbour one word at a time (a loop of blocking
 * shmem_long_p), then all meet at a barrier. "fixed" sends the halo as one shmem_long_put of N words: what
 * `shmemsim --what-if aggregate:shmem_long_p:exchange` predicts.
 *   smallputs [steps [words [work_per_step]]] [fixed]     (100 steps, 4096 words, 20000 units)
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
    int steps = args > 1 ? atoi(argv[1]) : 100;
    long words = args > 2 ? atol(argv[2]) : 4096;
    long units = args > 3 ? atol(argv[3]) : 20000;
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    long *halo = shmem_malloc(words * sizeof(long));
    long *mine = malloc(words * sizeof(long));
    if (halo == NULL || mine == NULL) shmem_global_exit(1);
    for (long i = 0; i < words; i++) mine[i] = me * words + i;
    int right = (me + 1) % npes;
    shmem_barrier_all();
    for (int step = 0; step < steps; step++) {
        work(units);
        shmemtrace_region_begin("exchange");
        if (fixed) {
            shmem_long_put(halo, mine, words, right);
        } else {
            for (long i = 0; i < words; i++) shmem_long_p(&halo[i], mine[i], right); /* the planted problem */
        }
        shmemtrace_region_end("exchange");
        shmem_barrier_all();
    }
    long left = (me + npes - 1) % npes;
    int wrong = halo[words - 1] != left * words + words - 1;
    if (me == 0) printf("smallputs: %d steps of %ld words on %d PEs, %s%s\n", steps, words, npes,
                        fixed ? "fixed (one put)" : "planted (one word at a time)", wrong ? ", WRONG halo" : "");
    shmem_free(halo);
    free(mine);
    shmem_finalize();
    return wrong;
}
