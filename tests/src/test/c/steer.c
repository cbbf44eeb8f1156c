/* A program that steers its trace (shmemtrace.h): nested regions and a mark, a paused stretch, and calls of
 * shmem_my_pe for a run that excludes it. It prints how many calls of each kind it made, per PE, for the test to
 * compare with the trace: "pe N: recorded shmem_long_p R shmem_quiet Q; paused shmem_long_p P shmem_quiet 1;
 * calls shmem_my_pe M; regions iteration I". */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#include "shmemtrace.h"

static long target[64];

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
