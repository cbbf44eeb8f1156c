/*
 * threads T N: shmem_init_thread(SHMEM_THREAD_MULTIPLE), then T threads that each make N shmem_long_p calls
 * to the next PE and one shmem_quiet, joined, then shmem_barrier_all and shmem_finalize.
 * For ThreadsTest: no event may be lost, and each thread's events land in its own thread index.
 */
#include <pthread.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

static long slots[64];
static long calls_per_thread;
static int right;

static void *worker(void *arg)
{
    long index = (long)arg;
    for (long i = 0; i < calls_per_thread; i++) shmem_long_p(&slots[index % 64], i, right);
    shmem_quiet();
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: threads T N\n");
        return 2;
    }
    int nthreads = atoi(argv[1]);
    calls_per_thread = atol(argv[2]);
    int provided = -1;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    if (provided != SHMEM_THREAD_MULTIPLE) {
        fprintf(stderr, "threads: SHMEM_THREAD_MULTIPLE not provided (%d)\n", provided);
    }
    right = (shmem_my_pe() + 1) % shmem_n_pes();
    pthread_t tids[64];
    for (long t = 0; t < nthreads; t++) pthread_create(&tids[t], NULL, worker, (void *)t);
    for (int t = 0; t < nthreads; t++) pthread_join(tids[t], NULL);
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
