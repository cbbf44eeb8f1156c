/*
 * bigset ROUNDS: ROUNDS broadcasts on an active set of 4 PEs (start 0, stride 1) and a barrier after each, run on
 * fewer PEs: the library lets them through, but the trace's broadcasts never complete (WaitStatesTest).
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

static long psync[SHMEM_BCAST_SYNC_SIZE];
static long source[8], target[8];

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 3;
    for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
    shmem_init();
    shmem_barrier_all();
    for (int r = 0; r < rounds; r++) {
        shmem_broadcast64(target, source, 8, 0, 0, 0, 4, psync);
        shmem_barrier_all();
    }
    shmem_finalize();
    return 0;
}
