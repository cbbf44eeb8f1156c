/*
 * jacobi: a 2-D Jacobi sweep over a grid split into row blocks, one per PE. Each step a PE sends its edge
 * rows to its neighbours with shmem_double_put_nbi, completes them with shmem_quiet, meets the others at a
 * barrier and sweeps its block; every 10 steps the largest change is reduced with shmem_double_max_to_all.
 * Compute and communication both matter: an example for shmemsim's what-ifs.
 *   jacobi [steps]      (100)
 */
#include <math.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#define N 512
#define ROWS 128
#define STEPS 100

static double grid[ROWS + 2][N];
static double next[ROWS + 2][N];
static double change, max_change;
static double pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static long psync[SHMEM_REDUCE_SYNC_SIZE];

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : STEPS;
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
    if (me == 0) for (int j = 0; j < N; j++) grid[1][j] = 100.0;
    shmem_barrier_all();
    for (int step = 1; step <= steps; step++) {
        if (me > 0) shmem_double_put_nbi(grid[ROWS + 1], grid[1], N, me - 1);
        if (me < npes - 1) shmem_double_put_nbi(grid[0], grid[ROWS], N, me + 1);
        shmem_quiet();
        shmem_barrier_all();
        change = 0;
        for (int i = 1; i <= ROWS; i++) {
            for (int j = 1; j < N - 1; j++) {
                next[i][j] = 0.25 * (grid[i - 1][j] + grid[i + 1][j] + grid[i][j - 1] + grid[i][j + 1]);
                change = fmax(change, fabs(next[i][j] - grid[i][j]));
            }
        }
        for (int i = 1; i <= ROWS; i++) for (int j = 1; j < N - 1; j++) grid[i][j] = next[i][j];
        if (step % 10 == 0) {
            shmem_double_max_to_all(&max_change, &change, 1, 0, 0, npes, pwrk, psync);
        }
        shmem_barrier_all();
    }
    if (me == 0) printf("jacobi: %d steps, last change %.6f\n", steps, max_change);
    shmem_finalize();
    return 0;
}
