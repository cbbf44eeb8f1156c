/*
 * poll N: shmem_init; N calls of shmem_long_test on a symmetric word that never changes (nothing waits,
 * every call the same and returning 0); one more that returns 1; three shmem_long_g of the same word;
 * shmem_finalize. For TraceLimitsTest: the polling collapse must keep every call's count exactly.
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

static long flag;

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    shmem_init();
    int me = shmem_my_pe();
    long zeros = 0;
    for (long i = 0; i < n; i++) zeros += shmem_long_test(&flag, SHMEM_CMP_EQ, 1) == 0;
    flag = 1;
    int last = shmem_long_test(&flag, SHMEM_CMP_EQ, 1);
    long sum = 0;
    for (int i = 0; i < 3; i++) sum += shmem_long_g(&flag, me);
    printf("zeros %ld last %d sum %ld\n", zeros, last, sum);
    shmem_finalize();
    return 0;
}
