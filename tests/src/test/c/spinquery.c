/*
 * spinquery N: a thread spinning on shmem_query_thread, as a worker that waits for its thread level would, then
 * shmem_pe_accessible N times on the next PE. Pure queries repeated with the same result collapse into one event
 * and a repeat record, as polls do (SpinQueryTest: N calls, a handful of events).
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100000;
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes(), provided = -1;
    long sum = 0;
    for (long i = 0; i < n; i++) {
        shmem_query_thread(&provided);
        sum += provided;
    }
    for (long i = 0; i < n; i++) sum += shmem_pe_accessible((me + 1) % npes);
    printf("pe %d: %s\n", me, sum == n * (long)provided + n ? "right" : "wrong");
    shmem_finalize();
    return 0;
}
