/*
 * pingpong: PE 0 and PE 1 bounce messages of 8 B to 64 KiB: each side puts the message, a fence, then a flag
 * with shmem_long_p, and waits for the other's flag with shmem_long_wait_until. The other PEs wait at the
 * barriers. A communication-bound example for shmemsim: every wait is released by a put it can match.
 *   pingpong [rounds per size]      (200)
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_BYTES (64 * 1024)
#define ROUNDS 200

static char message[MAX_BYTES];
static long flag;

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : ROUNDS;
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    int peer = me == 0 ? 1 : 0;
    long round = 0;
    shmem_barrier_all();
    for (int bytes = 8; bytes <= MAX_BYTES && npes > 1; bytes *= 4) {
        for (int r = 0; r < rounds; r++) {
            round++;
            if (me == 0) {
                shmem_putmem(message, message, bytes, peer);
                shmem_fence();
                shmem_long_p(&flag, round, peer);
                shmem_long_wait_until(&flag, SHMEM_CMP_EQ, round);
            } else if (me == 1) {
                shmem_long_wait_until(&flag, SHMEM_CMP_EQ, round);
                shmem_putmem(message, message, bytes, peer);
                shmem_fence();
                shmem_long_p(&flag, round, peer);
            }
        }
        shmem_barrier_all();
    }
    if (me == 0) printf("pingpong: %ld rounds\n", round);
    shmem_finalize();
    return 0;
}
