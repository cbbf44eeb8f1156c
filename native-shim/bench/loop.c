/*
 * loop N [g]: N iterations of shmem_quiet + shmem_long_p to itself, nothing else, for
 * scripts/callgrind-shim.sh, which counts the instructions of two loop lengths plain and traced under
 * callgrind: the difference is what the tracer adds per call, free of the machine's noise.
 * With "g": N iterations of two shmem_long_g of alternating words instead: polling calls that never repeat,
 * the worst case of the polling collapse (each call compared, none collapsed).
 */
#include <shmem.h>
#include <stdlib.h>

#include <string.h>

static long word, other;

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100000;
    shmem_init();
    int me = shmem_my_pe();
    long sum = 0;
    if (argc > 2 && strcmp(argv[2], "g") == 0) {
        for (long i = 0; i < n; i++) sum += shmem_long_g(&word, me) + shmem_long_g(&other, me);
    } else {
        for (long i = 0; i < n; i++) {
            shmem_quiet();
            shmem_long_p(&word, i, me);
        }
    }
    shmem_finalize();
    return (int)(sum & 1);
}
