/* A program that steers its trace (shmemtrace.h): nested regions and a mark, a paused stretch, and calls of
 * shmem_my_pe for a run that excludes it, and a barrier in "solve" that the last PE reaches 2 ms late (a wait state in
 * a region). It prints how many calls of each kind it made, per PE, for the test to
 * compare with the trace: "pe N: recorded shmem_long_p R shmem_quiet Q; paused shmem_long_p P shmem_quiet 1;
 * calls shmem_my_pe M; regions iteration I". */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "shmemtrace.h"

static long target[64];

static void compute_for_ms(int ms)
{
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do clock_gettime(CLOCK_MONOTONIC, &t);
    while ((t.tv_sec - t0.tv_sec) * 1000000000L + (t.tv_nsec - t0.tv_nsec) < ms * 1000000L);
}

int main(int argc, char **argv)
{
    int iterations = argc > 1 ? atoi(argv[1]) : 10;
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes(), next = (me + 1) % npes;
    long my_pe_calls = 1, recorded_p = 0, recorded_quiet = 0, paused_p = 0;

    shmemtrace_region_begin("setup");
    shmemtrace_mark("ready");
    shmemtrace_region_end("setup");

    shmemtrace_region_begin("solve");
    for (int i = 0; i < iterations; i++) {
        shmemtrace_region_begin("iteration");
        shmem_long_p(&target[i % 64], i, next);
        recorded_p++;
        if (shmem_my_pe() == me) my_pe_calls++;
        shmem_quiet();
        recorded_quiet++;
        shmemtrace_region_end("iteration");
    }
    if (me == npes - 1) compute_for_ms(2);
    shmem_barrier_all(); /* in "solve": the other PEs wait here for the last one */
    shmemtrace_region_end("solve");

    shmemtrace_pause();
    for (int i = 0; i < 2 * iterations + me; i++) {
        shmem_long_p(&target[i % 64], -i, next);
        paused_p++;
    }
    shmem_quiet();
    shmemtrace_resume();

    shmem_barrier_all();
    printf("pe %d: recorded shmem_long_p %ld shmem_quiet %ld; paused shmem_long_p %ld shmem_quiet 1; calls shmem_my_pe %ld;"
           " regions iteration %d\n", me, recorded_p, recorded_quiet, paused_p, my_pe_calls, iterations);
    shmem_finalize();
    return 0;
}
