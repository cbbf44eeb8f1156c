/*
 * untraced: calls Open MPI's shmemx_int32_p, an extension event-spec.xml does not describe, between traced calls
 * (UntracedTest: the reports say which imported SHMEM functions were not recorded).
 */
#include <shmem.h>
#include <shmemx.h>
#include <stdio.h>

static int32_t word;

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    for (int i = 0; i < 10; i++) shmemx_int32_p(&word, i, (me + 1) % npes);
    shmem_barrier_all();
    printf("pe %d: word %d\n", me, (int)word);
    shmem_finalize();
    return 0;
}
