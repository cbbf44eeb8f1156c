/*
 * deepregions N: the region "level" begun N times, nested, each with a shmem_quiet inside, then ended N times; then the
 * region "unfinished" begun around one shmem_quiet and never ended before shmem_finalize (ProfileLimitsTest: a
 * profile counts every level, however deep, and the region still open at the end).
 */
#include <shmem.h>
#include <stdlib.h>

#include "shmemtrace.h"

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 200;
    shmem_init();
    for (int i = 0; i < n; i++) {
        shmemtrace_region_begin("level");
        shmem_quiet();
    }
    for (int i = 0; i < n; i++) shmemtrace_region_end("level");
    shmemtrace_region_begin("unfinished");
    shmem_quiet();
    shmem_finalize();
    return 0;
}
