/*
 * loop N: N iterations of shmem_quiet + shmem_long_p to itself, nothing else, for
 * scripts/callgrind-shim.sh, which counts the instructions of two loop lengths plain and traced under
 * callgrind: the difference is what the tracer adds per call, free of the machine's noise.
 */
#include <shmem.h>
#include <stdlib.h>

static long word;

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100000;
    shmem_init();
    int me = shmem_my_pe();
    for (long i = 0; i < n; i++) {
        shmem_quiet();
        shmem_long_p(&word, i, me);
    }
    shmem_finalize();
    return 0;
}
