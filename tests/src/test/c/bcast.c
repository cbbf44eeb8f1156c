/*
 * bcast: broadcasts whose root rotates over the PEs, with work between them that only the root does, so that
 * members arrive at different times: a broadcast synchronises its members with the root, not with each other.
 *   bcast [rounds]
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

static long psync[2][SHMEM_BCAST_SYNC_SIZE];
static long data[64], copy[64];
static volatile double sink;

static void work(long units)
{
    double x = 0;
    for (long i = 0; i < units; i++) x += i * 0.5;
    sink = x;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 200;
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; i++) psync[0][i] = psync[1][i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    long sum = 0;
    for (int r = 0; r < rounds; r++) {
        int root = r % npes;
        if (me == root) {
            work(20000 * (1 + r % 3));
            for (int i = 0; i < 64; i++) data[i] = r + i;
        }
        /* alternate pSync arrays: a PE may start the next broadcast before another has left this one */
        shmem_broadcast64(copy, data, 64, root, 0, 0, npes, psync[r % 2]);
        if (me != root) sum += copy[0];
        if (r % 2) shmem_barrier_all(); /* a pSync array is reused only after everyone left its last broadcast */
    }
    shmem_barrier_all();
    printf("bcast: PE %d received %ld\n", me, sum);
    shmem_finalize();
    return 0;
}
