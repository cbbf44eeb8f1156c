/*
 * nofinalize N: N rounds of a put to the next PE, a quiet and 100 us of sleep, a barrier, then main returns without
 * shmem_finalize (as NPB IS and many test programs do; ProfileModeTest).
 */
#include <shmem.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    static long word;
    shmem_init();
    for (int i = 0; i < n; i++) {
        shmem_long_p(&word, i, (shmem_my_pe() + 1) % shmem_n_pes());
        shmem_quiet();
        usleep(100);
    }
    shmem_barrier_all();
    return 0;
}
