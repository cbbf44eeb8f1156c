/*
 * halo2d: a 2-D five-point stencil on a grid split into px x py blocks, one per PE. Each step a PE sends its
 * four edges to its neighbours with non-blocking puts (rows with shmem_double_put_nbi, columns with the strided
 * shmem_double_iput), completes them with shmem_quiet, meets the others at a barrier and sweeps its block.
 * The shape of most structured-grid SHMEM codes: _nbi transfers that the quiet must wait for.
 *   halo2d [steps]
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#define NX 256 /* a block's interior, columns */
#define NY 256 /* rows */

static double grid[NY + 2][NX + 2];
static double next[NY + 2][NX + 2];

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 1000;
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    int px = 1;
    while (px * px < npes) px++;
    while (npes % px) px--; /* the most square px x py grid of PEs */
    int py = npes / px, x = me % px, y = me / px;
    int west = x > 0 ? me - 1 : -1, east = x < px - 1 ? me + 1 : -1;
    int north = y > 0 ? me - px : -1, south = y < py - 1 ? me + px : -1;
    for (int i = 0; i < NY + 2; i++)
        for (int j = 0; j < NX + 2; j++) grid[i][j] = (me * 7 + i * 3 + j) % 11;
    shmem_barrier_all();
    for (int s = 0; s < steps; s++) {
        if (north >= 0) shmem_double_put_nbi(&grid[NY + 1][1], &grid[1][1], NX, north);
        if (south >= 0) shmem_double_put_nbi(&grid[0][1], &grid[NY][1], NX, south);
        if (west >= 0) shmem_double_iput(&grid[1][NX + 1], &grid[1][1], NX + 2, NX + 2, NY, west);
        if (east >= 0) shmem_double_iput(&grid[1][0], &grid[1][NX], NX + 2, NX + 2, NY, east);
        shmem_quiet();
        shmem_barrier_all();
        for (int i = 1; i <= NY; i++)
            for (int j = 1; j <= NX; j++)
                next[i][j] = 0.2 * (grid[i][j] + grid[i - 1][j] + grid[i + 1][j] + grid[i][j - 1] + grid[i][j + 1]);
        for (int i = 1; i <= NY; i++)
            for (int j = 1; j <= NX; j++) grid[i][j] = next[i][j];
        shmem_barrier_all(); /* nobody overwrites a halo still being read */
    }
    if (me == 0) printf("halo2d: %d steps on %d x %d PEs, grid[1][1] = %.6f\n", steps, px, py, grid[1][1]);
    shmem_finalize();
    return 0;
}
