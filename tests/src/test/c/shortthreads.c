/*
 * shortthreads T N: T short-lived threads, 4 alive at a time, each making N shmem_long_p calls to the next PE and one
 * shmem_quiet; then shmem_barrier_all and shmem_finalize. A program of many short threads must cost the tracer
 * neither memory nor trace space per thread that ever ran, and lose none of their calls (ThreadSlotsTest).
 * stdout: "pe P: C calls, R kB resident" (C: the threads' calls; R: VmRSS before shmem_finalize).
 */
#include <pthread.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WAVE 4

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

static long resident_kb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kb = -1;
    while (f != NULL && fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "VmRSS:", 6) == 0) kb = atol(line + 6);
    }
    if (f != NULL) fclose(f);
    return kb;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: shortthreads T N\n");
        return 2;
    }
    long nthreads = atol(argv[1]);
    calls_per_thread = atol(argv[2]);
    int provided = -1;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided);
    right = (shmem_my_pe() + 1) % shmem_n_pes();
    for (long first = 0; first < nthreads; first += WAVE) {
        pthread_t tids[WAVE];
        long n = nthreads - first < WAVE ? nthreads - first : WAVE;
        for (long t = 0; t < n; t++) pthread_create(&tids[t], NULL, worker, (void *)(first + t));
        for (long t = 0; t < n; t++) pthread_join(tids[t], NULL);
    }
    shmem_barrier_all();
    printf("pe %d: %ld calls, %ld kB resident\n", shmem_my_pe(), nthreads * (calls_per_thread + 1), resident_kb());
    fflush(stdout);
    shmem_finalize();
    return 0;
}
