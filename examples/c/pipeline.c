/*
 * pipeline: a wavefront. For each of a number of blocks, PE k waits with shmem_long_wait_until for the flag
 * PE k-1 sets when it has finished that block, computes its own part, and passes a row of results on to
 * PE k+1 (shmem_double_put, shmem_fence, then the flag with shmem_long_p). The waits are released by puts:
 * the time a PE is idle is its predecessor's compute plus the transfer, as in sweep codes (Sweep3D, LU).
 *   pipeline [blocks]
 */
#include <math.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#define ROW 512
#define WORK 200 /* sweeps over the row per block */

static double incoming[ROW];
static long ready;

int main(int argc, char **argv)
{
    int blocks = argc > 1 ? atoi(argv[1]) : 500;
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    double row[ROW];
    for (int j = 0; j < ROW; j++) row[j] = me + j * 1e-3;
    shmem_barrier_all();
    for (long b = 1; b <= blocks; b++) {
        if (me > 0) {
            shmem_long_wait_until(&ready, SHMEM_CMP_GE, b);
            for (int j = 0; j < ROW; j++) row[j] = 0.5 * (row[j] + incoming[j]);
        }
        for (int w = 0; w < WORK; w++)
            for (int j = 1; j < ROW; j++) row[j] = sqrt(row[j] * row[j - 1] + 1.0);
        if (me < npes - 1) {
            shmem_double_put(incoming, row, ROW, me + 1);
            shmem_fence();
            shmem_long_p(&ready, b, me + 1);
        }
    }
    shmem_barrier_all();
    if (me == npes - 1) printf("pipeline: %d blocks through %d PEs, row[1] = %.6f\n", blocks, npes, row[1]);
    shmem_finalize();
    return 0;
}
