/*
 * heat1d: a 1-D heat-diffusion stencil over all PEs, the bundled example that `demo.sh` traces.
 *
 * Each PE owns CELLS cells of a rod whose two ends are held at 0; every step it sends its edge cells to its neighbours with
 * shmem_double_put, synchronises with shmem_barrier_all, updates, and every CHECK steps reduces the
 * largest change with shmem_double_max_to_all. A shared step counter on PE 0 is bumped with
 * shmem_long_atomic_fetch_inc, and the final rod is gathered on every PE with shmem_fcollect64.
 *   heat1d [steps]      (200)
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CELLS 64
#define STEPS 200
#define CHECK 20

static double rod[CELLS + 2];          /* [0] and [CELLS+1] are halo cells written by the neighbours */
static double next[CELLS + 2];
static long steps_done;                /* on PE 0: steps completed by all PEs together */
static double local_change, max_change;
static double pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static long psync[SHMEM_REDUCE_SYNC_SIZE];
static long collect_sync[SHMEM_COLLECT_SYNC_SIZE];

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : STEPS;
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
    for (int i = 0; i < SHMEM_COLLECT_SYNC_SIZE; i++) collect_sync[i] = SHMEM_SYNC_VALUE;
    double *whole = shmem_malloc(sizeof(double) * CELLS * npes);
    if (me == 0) rod[1] = 1000.0;      /* a hot spot at the left end */
    shmem_barrier_all();

    for (int step = 1; step <= steps; step++) {
        if (me > 0) shmem_double_put(&rod[CELLS + 1], &rod[1], 1, me - 1);
        if (me < npes - 1) shmem_double_put(&rod[0], &rod[CELLS], 1, me + 1);
        shmem_barrier_all();
        local_change = 0.0;
        for (int i = 1; i <= CELLS; i++) {
            next[i] = rod[i] + 0.25 * (rod[i - 1] - 2.0 * rod[i] + rod[i + 1]);
            double d = next[i] > rod[i] ? next[i] - rod[i] : rod[i] - next[i];
            if (d > local_change) local_change = d;
        }
        memcpy(&rod[1], &next[1], sizeof(double) * CELLS);
        shmem_long_atomic_fetch_inc(&steps_done, 0);
        if (step % CHECK == 0) {
            shmem_double_max_to_all(&max_change, &local_change, 1, 0, 0, npes, pwrk, psync);
            shmem_barrier_all();       /* pWrk and pSync are reused by the next reduction */
            if (me == 0) printf("step %3d: largest change %.6f\n", step, max_change);
        }
        shmem_barrier_all();           /* nobody writes a halo before everyone has read it */
    }

    shmem_fcollect64(whole, &rod[1], CELLS, 0, 0, npes, collect_sync);
    shmem_barrier_all();
    if (me == 0) {
        double heat = 0.0;
        for (int i = 0; i < CELLS * npes; i++) heat += whole[i];
        printf("%d PEs, %d steps counted on PE 0: %ld, total heat %.3f\n", npes, steps, steps_done, heat);
    }
    shmem_free(whole);
    shmem_finalize();
    return 0;
}
