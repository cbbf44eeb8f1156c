/*
 * calls: a known set of OpenSHMEM calls per PE, for the integration test (TracedCallsIT).
 * Every count that depends on the PE does so on purpose, so a trace attributed to the wrong PE fails.
 * Keep this file and the expectations in TracedCallsTest in step.
 *
 *   right = (me+1) % npes, left = (me+npes-1) % npes
 *   shmem_long_put      1 x 16 elems -> right          (128 bytes)
 *   shmem_long_get      1 x 8 elems  <- left           (64 bytes)
 *   shmem_long_p        10+me calls  -> right          (8 bytes each)
 *   shmem_int_g         3 calls      <- left           (4 bytes each)
 *   shmem_putmem_nbi    1 x 100 bytes -> right, then shmem_quiet 1
 *   shmem_getmem_nbi    2 x 24 bytes <- left, then shmem_quiet (2nd)
 *   shmem_long_iput     1 x 4 elems, tst 2, sst 1 -> right (32 bytes)
 *   shmem_int_iget      1 x 3 elems, tst 1, sst 2 <- left  (12 bytes)
 *   shmem_long_atomic_fetch_add  me+1 calls -> PE 0
 *   shmem_int_atomic_inc         2 calls -> right
 *   shmem_long_atomic_compare_swap 1 call -> left
 *   shmem_barrier_all   5
 *   shmem_long_sum_to_all 1 x 4 elems over all PEs (32 bytes)
 *   shmem_broadcast64   1 x 4 elems, root 1, all PEs (32 bytes)
 *   shmem_fcollect32    1 x 2 elems, all PEs (8 bytes)
 *   shmem_set_lock / shmem_clear_lock 1 each; shmem_test_lock 0
 *   shmem_long_p        +1 -> right (the flag), shmem_long_wait_until 1 (EQ, value me+100)
 *   shmem_ctx_create 1, shmem_ctx_long_put 1 x 4 elems -> right (32 bytes), shmem_ctx_quiet 1,
 *   shmem_ctx_destroy 1
 *   shmem_malloc 1 (256 bytes), shmem_free 1
 *   shmem_my_pe 1, shmem_n_pes 1, shmem_init 1, shmem_finalize 1
 */
#include <shmem.h>
#include <stdio.h>

static long src[16], dst[16];
static int isrc[8], idst[8];
static long counter, cas_word, flag;
static int icount;
static long lock;
static long sum_src[4], sum_dst[4];
static long pwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static long psync[SHMEM_BCAST_SYNC_SIZE];
static long psync2[SHMEM_BCAST_SYNC_SIZE];
static long psync3[SHMEM_BCAST_SYNC_SIZE];
static long bcast_dst[4];
static int collect_src[2], collect_dst[2 * 1024];

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    for (int i = 0; i < SHMEM_BCAST_SYNC_SIZE; i++) psync[i] = psync2[i] = psync3[i] = SHMEM_SYNC_VALUE;
    char *heap = shmem_malloc(256);
    shmem_barrier_all();

    shmem_long_put(dst, src, 16, right);
    shmem_long_get(dst, src, 8, left);
    for (int i = 0; i < 10 + me; i++) shmem_long_p(&dst[i % 16], i, right);
    for (int i = 0; i < 3; i++) idst[i] = shmem_int_g(&isrc[i], left);
    shmem_putmem_nbi(heap, heap + 128, 100, right);
    shmem_quiet();
    shmem_getmem_nbi(heap, heap + 100, 24, left);
    shmem_getmem_nbi(heap + 24, heap + 124, 24, left);
    shmem_quiet();
    shmem_long_iput(dst, src, 2, 1, 4, right);
    shmem_int_iget(idst, isrc, 1, 2, 3, left);
    for (int i = 0; i <= me; i++) shmem_long_atomic_fetch_add(&counter, 1, 0);
    shmem_int_atomic_inc(&icount, right);
    shmem_int_atomic_inc(&icount, right);
    shmem_long_atomic_compare_swap(&cas_word, 0, me, left);
    shmem_barrier_all();

    shmem_long_sum_to_all(sum_dst, sum_src, 4, 0, 0, npes, pwrk, psync);
    shmem_barrier_all();
    shmem_broadcast64(bcast_dst, src, 4, 1, 0, 0, npes, psync2);
    shmem_fcollect32(collect_dst, collect_src, 2, 0, 0, npes, psync3);
    shmem_set_lock(&lock);
    shmem_clear_lock(&lock);

    shmem_long_p(&flag, right + 100, right);
    shmem_long_wait_until(&flag, SHMEM_CMP_EQ, me + 100);

    shmem_ctx_t ctx;
    if (shmem_ctx_create(0, &ctx) == 0) {
        shmem_ctx_long_put(ctx, dst, src, 4, right);
        shmem_ctx_quiet(ctx);
        shmem_ctx_destroy(ctx);
    }
    shmem_barrier_all();
    shmem_free(heap);
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
