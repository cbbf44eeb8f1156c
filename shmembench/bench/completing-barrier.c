/*
 * completing-barrier: what a barrier costs when it completes a put, against the put completed by a quiet and a bare
 * barrier. heat1d puts one double on a global to its neighbour, then calls shmem_barrier_all; shmemsim prices that as
 * the put's completion (calibrate's +quiet row) and then a bare barrier. Printed, per iteration of 20,000: PE 0 alone
 * put + quiet (calibrate's case), both PEs put + quiet at once, both put + barrier (heat1d's step), a bare barrier.
 * docs/shmemsim.md (sixth run) has the figures.
 *   oshcc -O2 -o target/completing-barrier shmembench/bench/completing-barrier.c
 *   oshrun --oversubscribe -np 2 target/completing-barrier      (or scripts/hosts.sh oshrun -np 2 ...)
 */
#include <shmem.h>
#include <stdio.h>
#include <time.h>

#define ITERS 20000

static double halo[8], edge[8]; /* globals, as heat1d's rod */

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

int main(void)
{
    static const char *what[] = {"PE 0 alone: put + quiet", "both at once: put + quiet", "both: put + barrier"};
    shmem_init();
    int me = shmem_my_pe(), peer = (me + 1) % shmem_n_pes();
    for (int mode = 0; mode < 3; mode++) {
        shmem_barrier_all();
        double t0 = now_us();
        for (int i = 0; i < ITERS; i++) {
            if (mode == 0 && me != 0) break; /* the others wait in the barrier below, as calibrate's do */
            shmem_double_put(halo, edge, 1, peer);
            if (mode < 2) shmem_quiet();
            else shmem_barrier_all();
        }
        double t = (now_us() - t0) / ITERS;
        shmem_barrier_all();
        if (me == 0) printf("%-28s %8.3f us an iteration\n", what[mode], t);
    }
    shmem_barrier_all();
    double t0 = now_us();
    for (int i = 0; i < ITERS; i++) shmem_barrier_all();
    if (me == 0) printf("%-28s %8.3f us an iteration\n", "bare barrier", (now_us() - t0) / ITERS);
    shmem_finalize();
    return 0;
}
