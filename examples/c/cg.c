/*
 * cg: conjugate gradients on a 1-D Laplacian split into blocks, one per PE. Each iteration fetches the two
 * neighbouring boundary values (shmem_double_g), multiplies, and reduces two dot products with
 * shmem_double_sum_to_all: two small all-reduces per step, the latency-bound heart of Krylov solvers.
 *   cg [iterations] [unknowns per PE]
 */
#include <math.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

static double pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static long psync[2][SHMEM_REDUCE_SYNC_SIZE];
static double dot_in, dot_out;

/* the sum of a over all PEs; the two pSync arrays alternate so that back-to-back reductions need no barrier */
static double sum(double a, int npes, int *turn)
{
    dot_in = a;
    shmem_double_sum_to_all(&dot_out, &dot_in, 1, 0, 0, npes, pwrk, psync[*turn]);
    *turn ^= 1;
    return dot_out;
}

int main(int argc, char **argv)
{
    int iterations = argc > 1 ? atoi(argv[1]) : 8000;
    long n = argc > 2 ? atol(argv[2]) : 20000;
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes(), turn = 0;
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) psync[0][i] = psync[1][i] = SHMEM_SYNC_VALUE;
    double *p = shmem_malloc(n * sizeof(double)); /* symmetric: the neighbours read its ends */
    double *x = calloc(n, sizeof(double)), *r = malloc(n * sizeof(double)), *q = malloc(n * sizeof(double));
    for (long i = 0; i < n; i++) r[i] = p[i] = 1.0;
    shmem_barrier_all();
    double rr = sum(n, npes, &turn);
    for (int it = 0; it < iterations; it++) {
        shmem_barrier_all(); /* every p is updated before anyone reads a neighbour's end */
        double left = me > 0 ? shmem_double_g(&p[n - 1], me - 1) : 0;
        double right = me < npes - 1 ? shmem_double_g(&p[0], me + 1) : 0;
        double pq = 0;
        for (long i = 0; i < n; i++) {
            q[i] = 2 * p[i] - (i > 0 ? p[i - 1] : left) - (i < n - 1 ? p[i + 1] : right);
            pq += p[i] * q[i];
        }
        double alpha = rr / sum(pq, npes, &turn), local = 0;
        for (long i = 0; i < n; i++) {
            x[i] += alpha * p[i];
            r[i] -= alpha * q[i];
            local += r[i] * r[i];
        }
        double next = sum(local, npes, &turn);
        shmem_barrier_all(); /* the neighbours have read p's ends */
        for (long i = 0; i < n; i++) p[i] = r[i] + next / rr * p[i];
        rr = next;
    }
    if (me == 0) printf("cg: %d iterations, residual %.6e\n", iterations, sqrt(rr));
    shmem_free(p);
    shmem_finalize();
    return 0;
}
