/*
 * isx: a bucket sort shaped like ISx. Each PE draws random keys, counts how many fall in each PE's bucket,
 * reserves room in the target's receive buffer with shmem_long_atomic_fetch_add, puts its keys there with
 * shmem_int_put, and after a barrier sorts what it received by counting. Atomics that return offsets, bulk
 * puts to every PE, a barrier: the all-to-all exchange of integer sort, several rounds.
 *   isx [rounds] [keys per PE]
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_KEY (1 << 16)

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 200;
    long keys = argc > 2 ? atol(argv[2]) : 1 << 17;
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    int *mine = malloc(keys * sizeof(int)), *sorted = malloc(keys * 2 * sizeof(int));
    long *count = calloc(npes, sizeof(long)), *start = calloc(npes, sizeof(long));
    int *send = malloc(keys * sizeof(int));
    int *histogram = malloc(MAX_KEY * sizeof(int));
    int *received = shmem_malloc(keys * 2 * sizeof(int)); /* room for twice the mean: the keys are uniform */
    long *fill = shmem_malloc(sizeof(long));
    unsigned seed = 12345u + me;
    long checksum = 0;
    for (int r = 0; r < rounds; r++) {
        *fill = 0;
        for (long i = 0; i < keys; i++) mine[i] = rand_r(&seed) % MAX_KEY;
        memset(count, 0, npes * sizeof(long));
        for (long i = 0; i < keys; i++) count[(long) mine[i] * npes / MAX_KEY]++;
        for (int p = 1; p < npes; p++) start[p] = start[p - 1] + count[p - 1];
        long *at = calloc(npes, sizeof(long));
        for (long i = 0; i < keys; i++) {
            int p = (long) mine[i] * npes / MAX_KEY;
            send[start[p] + at[p]++] = mine[i];
        }
        free(at);
        shmem_barrier_all(); /* every fill is reset before anyone reserves */
        for (int k = 0; k < npes; k++) {
            int p = (me + k) % npes;
            long n = count[p];
            if (n > 2 * keys) n = 2 * keys;
            long offset = shmem_long_atomic_fetch_add(fill, n, p);
            if (offset + n > 2 * keys) n = offset < 2 * keys ? 2 * keys - offset : 0;
            if (n > 0) shmem_int_put(received + offset, send + start[p], n, p);
        }
        shmem_barrier_all();
        long n = *fill < 2 * keys ? *fill : 2 * keys;
        memset(histogram, 0, MAX_KEY * sizeof(int));
        for (long i = 0; i < n; i++) histogram[received[i]]++;
        long k = 0;
        for (int v = 0; v < MAX_KEY; v++) for (int c = 0; c < histogram[v]; c++) sorted[k++] = v;
        checksum += n + (k > 0 ? sorted[k / 2] : 0);
    }
    if (me == 0) printf("isx: %d rounds of %ld keys per PE, checksum %ld\n", rounds, keys, checksum);
    shmem_free(received);
    shmem_free(fill);
    shmem_finalize();
    return 0;
}
