/*
 * rangewait: a ping-pong whose flag is the last word of the message: each side puts N words with one
 * shmem_long_put and the other waits on the last one. The put that releases each wait starts N-1 words before
 * the waited address: a write releases a wait when its bytes cover the waited word.
 *   rangewait [rounds] [words]
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_WORDS 4096

static long message[MAX_WORDS];
static long inbox[MAX_WORDS];

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 500;
    int words = argc > 2 ? atoi(argv[2]) : 64;
    if (words < 1 || words > MAX_WORDS) words = 64;
    shmem_init();
    int me = shmem_my_pe(), peer = 1 - me;
    shmem_barrier_all();
    for (long r = 1; r <= rounds && me < 2; r++) {
        for (int i = 0; i < words; i++) message[i] = r;
        if (me == 0) {
            shmem_long_put(inbox, message, words, peer);
            shmem_long_wait_until(&inbox[words - 1], SHMEM_CMP_EQ, r);
        } else {
            shmem_long_wait_until(&inbox[words - 1], SHMEM_CMP_EQ, r);
            shmem_long_put(inbox, message, words, peer);
        }
    }
    shmem_barrier_all();
    if (me == 0) printf("rangewait: %d rounds of %d words\n", rounds, words);
    shmem_finalize();
    return 0;
}
