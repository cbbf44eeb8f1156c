/*
 * legacy N: the pre-1.0 names, N times each: shmalloc and shfree of 64 bytes, _my_pe, _num_pes (LegacyNamesTest: in
 * profile mode they are profiled, not recorded as events; SHMEMTRACE_EXCLUDE leaves them out as it does the others).
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    shmem_init();
    long sum = 0;
    for (long i = 0; i < n; i++) {
        void *p = shmalloc(64);
        shfree(p);
        sum += _my_pe() + _num_pes();
    }
    printf("pe %d: %ld\n", shmem_my_pe(), sum);
    shmem_finalize();
    return 0;
}
