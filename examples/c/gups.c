/*
 * gups: random updates to a table spread over all PEs (HPCC RandomAccess). Each update adds to a random word
 * of a random PE with the non-fetching shmem_long_atomic_add; with -l each update is instead a read-modify-
 * write under a lock of the target PE's table (set_lock, get, put, quiet, clear_lock), as codes without
 * atomics do. Latency-bound, no pattern, no collectives but the closing barrier.
 *   gups [-l] [updates per PE]
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORDS (1 << 14) /* per PE */
#define LOCKS 64

static long table[WORDS];
static long locks[LOCKS];

int main(int argc, char **argv)
{
    int locked = argc > 1 && strcmp(argv[1], "-l") == 0;
    long updates = argc > 1 + locked ? atol(argv[1 + locked]) : (locked ? 60000 : 600000);
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    unsigned long x = 0x9E3779B97F4A7C15ul * (me + 1);
    shmem_barrier_all();
    for (long u = 0; u < updates; u++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17; /* xorshift64 */
        int pe = (int) (x % npes);
        long word = (long) ((x >> 20) % WORDS);
        if (locked) {
            long *lock = &locks[(pe * 31 + word) % LOCKS];
            shmem_set_lock(lock);
            long v = shmem_long_g(&table[word], pe);
            shmem_long_p(&table[word], v + 1, pe);
            shmem_quiet();
            shmem_clear_lock(lock);
        } else {
            shmem_long_atomic_add(&table[word], 1, pe);
        }
    }
    shmem_barrier_all();
    static long sum, total, pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE], psync[SHMEM_REDUCE_SYNC_SIZE];
    for (int i = 0; i < WORDS; i++) sum += table[i];
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) psync[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    shmem_long_sum_to_all(&total, &sum, 1, 0, 0, npes, pwrk, psync);
    if (me == 0) printf("gups%s: %ld updates per PE, table sum %ld (expected %ld)\n", locked ? " -l" : "", updates,
                        total, updates * npes);
    shmem_finalize();
    return 0;
}
