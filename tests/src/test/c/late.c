/*
 * late: PE 1 is late on purpose. It sleeps 50 ms before each of 3 barriers (the others wait at them), then
 * 30 ms before the put that releases PE 0's shmem_long_wait_until (PE 0 waits for a late writer).
 * For the wait-state tests (shmembin2txt --patterns).
 */
#include <shmem.h>
#include <unistd.h>

static long flag;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    for (int i = 0; i < 3; i++) {
        if (me == 1) usleep(50000);
        shmem_barrier_all();
    }
    if (me == 1) {
        usleep(30000);
        shmem_long_p(&flag, 1, 0);
        shmem_quiet();
    }
    if (me == 0) shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
