/*
 * overhead [N]: the per-call cost of three fine-grained calls, for scripts/bench-overhead.sh, which runs
 * it plain and traced side by side. Each PE makes N calls per loop; PE 0 prints one line per loop:
 *   <call> wall_ns=<per call> cpu_ns=<per call>   (cpu: CLOCK_PROCESS_CPUTIME_ID)
 * Loops: shmem_long_p to the next PE, 8-byte shmem_putmem to the next PE, shmem_quiet with nothing pending.
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long word;
static char bytes[8];

static double now_ns(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

#define TIMED(label, n, call)                                                                  \
    do {                                                                                       \
        shmem_barrier_all();                                                                   \
        double w0 = now_ns(CLOCK_MONOTONIC), c0 = now_ns(CLOCK_PROCESS_CPUTIME_ID);            \
        for (long i = 0; i < (n); i++) call;                                                   \
        double w1 = now_ns(CLOCK_MONOTONIC), c1 = now_ns(CLOCK_PROCESS_CPUTIME_ID);            \
        shmem_barrier_all();                                                                   \
        if (me == 0) printf("%s wall_ns=%.2f cpu_ns=%.2f\n", label, (w1 - w0) / (n), (c1 - c0) / (n)); \
    } while (0)

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    shmem_init();
    int me = shmem_my_pe();
    int next = (me + 1) % shmem_n_pes();
    static char src[8];
    TIMED("shmem_long_p", n, shmem_long_p(&word, i, next));
    TIMED("shmem_putmem", n, shmem_putmem(bytes, src, 8, next));
    TIMED("shmem_quiet", n, shmem_quiet());
    shmem_finalize();
    return 0;
}
