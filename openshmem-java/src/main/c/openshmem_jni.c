/*
 * openshmem_jni.c: the native half of the Java binding (io.shmemtrace.openshmem.Native).
 *
 * Thin on purpose: every argument was checked in Java (PE range, bounds, freed memory, state), so each
 * function here is one OpenSHMEM call. Symmetric addresses travel as jlong. Java arrays are pinned with
 * Get/ReleasePrimitiveArrayCritical for the duration of a blocking call only; non-blocking calls take
 * symmetric (never-moving) sources.
 *
 * Collectives run over all PEs with internal pSync/pWrk arrays. Two sets alternate: a PE cannot start
 * collective k+2 before every PE has entered k+1, hence finished k, so set k%2 is free again
 * (OpenSHMEM 1.4, 9.9.1).
 */
#include <jni.h>
#include <shmem.h>
#include <stdint.h>
#include <string.h>

/*
 * Open MPI registers as symmetric every writable private mapping that starts below the symbol _end, which it
 * means as the end of the program's own globals (the SGI rule: only the main program's statics are symmetric).
 * liboshmem resolves _end through its GOT, and in a JVM the definition it finds is its own, high in the address
 * space: dozens of heap, thread-stack and code-cache mappings then qualify, more than the 32 segments UCX
 * registers, and shmem_init crashes. A Java program has no symmetric globals. This library is searched before
 * liboshmem (it is the object System.load opened), so its absolute _end = 0 wins: no static segment is
 * registered, and only the symmetric heap is.
 */
__asm__(".globl _end\n.set _end, 0\n");

#define JNI(ret, name) JNIEXPORT ret JNICALL Java_io_shmemtrace_openshmem_Native_##name
#define PTR(addr) ((void *)(intptr_t)(addr))
#define SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE /* the largest of the 1.4 sync sizes in Open MPI */

static long *psync[2];
static void *pwrk[2];
static size_t pwrk_bytes;
static int turn;

static long *next_psync(void) { return psync[turn]; }
static void flip(void) { turn ^= 1; }

JNI(void, init)(JNIEnv *env, jclass c)
{
    shmem_init();
    for (int i = 0; i < 2; i++) {
        psync[i] = shmem_malloc(SYNC_SIZE * sizeof(long));
        for (int j = 0; j < SYNC_SIZE; j++) psync[i][j] = SHMEM_SYNC_VALUE;
    }
    shmem_barrier_all(); /* every PE's pSync is initialised before any collective uses it */
}

JNI(void, finalizeShmem)(JNIEnv *env, jclass c) { shmem_finalize(); }
JNI(jint, myPe)(JNIEnv *env, jclass c) { return shmem_my_pe(); }
JNI(jint, nPes)(JNIEnv *env, jclass c) { return shmem_n_pes(); }
JNI(void, barrierAll)(JNIEnv *env, jclass c) { shmem_barrier_all(); }
JNI(void, syncAll)(JNIEnv *env, jclass c) { shmem_sync_all(); }
JNI(void, quiet)(JNIEnv *env, jclass c) { shmem_quiet(); }
JNI(void, fence)(JNIEnv *env, jclass c) { shmem_fence(); }
/* Zeroed symmetric memory that no PE can write into before every PE has zeroed it. Not shmem_calloc: Open MPI's
 * zeroes after its closing barrier, so a fast PE's first put into a slow PE's block can be wiped out. */
JNI(jlong, allocZeroed)(JNIEnv *env, jclass c, jlong bytes)
{
    void *p = shmem_malloc((size_t)bytes);
    if (p) memset(p, 0, (size_t)bytes);
    shmem_barrier_all();
    return (jlong)(intptr_t)p;
}
JNI(void, free)(JNIEnv *env, jclass c, jlong addr) { shmem_free(PTR(addr)); }

/* put/get between a Java array and symmetric memory, one function per element type */
#define ARRAY_RMA(T, JT, JARR)                                                                          \
    JNI(void, put##JT)(JNIEnv *env, jclass c, jlong dest, JARR src, jint off, jint len, jint pe)       \
    {                                                                                                   \
        T *a = (*env)->GetPrimitiveArrayCritical(env, src, NULL);                                       \
        shmem_##T##_put(PTR(dest), a + off, (size_t)len, pe);                                           \
        (*env)->ReleasePrimitiveArrayCritical(env, src, a, JNI_ABORT);                                  \
    }                                                                                                   \
    JNI(void, get##JT)(JNIEnv *env, jclass c, jlong src, JARR dest, jint off, jint len, jint pe)       \
    {                                                                                                   \
        T *a = (*env)->GetPrimitiveArrayCritical(env, dest, NULL);                                      \
        shmem_##T##_get(a + off, PTR(src), (size_t)len, pe);                                            \
        (*env)->ReleasePrimitiveArrayCritical(env, dest, a, 0);                                         \
    }                                                                                                   \
    JNI(void, put##JT##Nbi)(JNIEnv *env, jclass c, jlong dest, jlong src, jint len, jint pe)           \
    {                                                                                                   \
        shmem_##T##_put_nbi(PTR(dest), PTR(src), (size_t)len, pe);                                      \
    }                                                                                                   \
    JNI(void, get##JT##Nbi)(JNIEnv *env, jclass c, jlong dest, jlong src, jint len, jint pe)           \
    {                                                                                                   \
        shmem_##T##_get_nbi(PTR(dest), PTR(src), (size_t)len, pe);                                      \
    }

ARRAY_RMA(long, Longs, jlongArray)
ARRAY_RMA(int, Ints, jintArray)
ARRAY_RMA(double, Doubles, jdoubleArray)

JNI(void, pLong)(JNIEnv *env, jclass c, jlong addr, jlong v, jint pe) { shmem_long_p(PTR(addr), v, pe); }
JNI(jlong, gLong)(JNIEnv *env, jclass c, jlong addr, jint pe) { return shmem_long_g(PTR(addr), pe); }
JNI(void, pInt)(JNIEnv *env, jclass c, jlong addr, jint v, jint pe) { shmem_int_p(PTR(addr), v, pe); }
JNI(jint, gInt)(JNIEnv *env, jclass c, jlong addr, jint pe) { return shmem_int_g(PTR(addr), pe); }
JNI(void, pDouble)(JNIEnv *env, jclass c, jlong addr, jdouble v, jint pe) { shmem_double_p(PTR(addr), v, pe); }
JNI(jdouble, gDouble)(JNIEnv *env, jclass c, jlong addr, jint pe) { return shmem_double_g(PTR(addr), pe); }

/* Bytes: a direct ByteBuffer's memory, or a heap array pinned for the call. */
JNI(void, putBytes)(JNIEnv *env, jclass c, jlong dest, jobject direct, jbyteArray heap, jlong off, jlong len, jint pe)
{
    if (direct) {
        shmem_putmem(PTR(dest), (char *)(*env)->GetDirectBufferAddress(env, direct) + off, (size_t)len, pe);
        return;
    }
    jbyte *a = (*env)->GetPrimitiveArrayCritical(env, heap, NULL);
    shmem_putmem(PTR(dest), a + off, (size_t)len, pe);
    (*env)->ReleasePrimitiveArrayCritical(env, heap, a, JNI_ABORT);
}

JNI(void, getBytes)(JNIEnv *env, jclass c, jlong src, jobject direct, jbyteArray heap, jlong off, jlong len, jint pe)
{
    if (direct) {
        shmem_getmem((char *)(*env)->GetDirectBufferAddress(env, direct) + off, PTR(src), (size_t)len, pe);
        return;
    }
    jbyte *a = (*env)->GetPrimitiveArrayCritical(env, heap, NULL);
    shmem_getmem(a + off, PTR(src), (size_t)len, pe);
    (*env)->ReleasePrimitiveArrayCritical(env, heap, a, 0);
}

/* Atomics on a symmetric long. */
JNI(jlong, fetchAddLong)(JNIEnv *env, jclass c, jlong a, jlong v, jint pe) { return shmem_long_atomic_fetch_add(PTR(a), v, pe); }
JNI(void, addLong)(JNIEnv *env, jclass c, jlong a, jlong v, jint pe) { shmem_long_atomic_add(PTR(a), v, pe); }
JNI(jlong, fetchLong)(JNIEnv *env, jclass c, jlong a, jint pe) { return shmem_long_atomic_fetch(PTR(a), pe); }
JNI(void, setLong)(JNIEnv *env, jclass c, jlong a, jlong v, jint pe) { shmem_long_atomic_set(PTR(a), v, pe); }
JNI(jlong, swapLong)(JNIEnv *env, jclass c, jlong a, jlong v, jint pe) { return shmem_long_atomic_swap(PTR(a), v, pe); }
JNI(jlong, compareSwapLong)(JNIEnv *env, jclass c, jlong a, jlong cond, jlong v, jint pe)
{
    return shmem_long_atomic_compare_swap(PTR(a), cond, v, pe);
}
JNI(void, waitUntilLong)(JNIEnv *env, jclass c, jlong a, jint cmp, jlong v) { shmem_long_wait_until(PTR(a), cmp, v); }

/* Collectives over all PEs, 64-bit elements. */
JNI(void, broadcast64)(JNIEnv *env, jclass c, jlong dest, jlong src, jint n, jint root)
{
    shmem_broadcast64(PTR(dest), PTR(src), (size_t)n, root, 0, 0, shmem_n_pes(), next_psync());
    flip();
}
JNI(void, collect64)(JNIEnv *env, jclass c, jlong dest, jlong src, jint n)
{
    shmem_collect64(PTR(dest), PTR(src), (size_t)n, 0, 0, shmem_n_pes(), next_psync());
    flip();
}
JNI(void, fcollect64)(JNIEnv *env, jclass c, jlong dest, jlong src, jint n)
{
    shmem_fcollect64(PTR(dest), PTR(src), (size_t)n, 0, 0, shmem_n_pes(), next_psync());
    flip();
}
JNI(void, alltoall64)(JNIEnv *env, jclass c, jlong dest, jlong src, jint n)
{
    shmem_alltoall64(PTR(dest), PTR(src), (size_t)n, 0, 0, shmem_n_pes(), next_psync());
    flip();
}

/* pWrk of at least max(n/2 + 1, SHMEM_REDUCE_MIN_WRKDATA_SIZE) elements; grown collectively (every PE
 * makes the same reduction with the same n). */
static void *work(size_t n, size_t elem)
{
    size_t need = ((n / 2 + 1) > SHMEM_REDUCE_MIN_WRKDATA_SIZE ? n / 2 + 1 : SHMEM_REDUCE_MIN_WRKDATA_SIZE) * elem;
    if (need > pwrk_bytes) {
        for (int i = 0; i < 2; i++) {
            if (pwrk[i]) shmem_free(pwrk[i]);
            pwrk[i] = shmem_malloc(need);
        }
        pwrk_bytes = need;
    }
    return pwrk[turn];
}

#define REDUCE(T, OP, JT, JOP)                                                                          \
    JNI(void, JT##JOP##ToAll)(JNIEnv *env, jclass c, jlong dest, jlong src, jint n)                    \
    {                                                                                                   \
        shmem_##T##_##OP##_to_all(PTR(dest), PTR(src), n, 0, 0, shmem_n_pes(), work(n, sizeof(T)),    \
                                  next_psync());                                                        \
        flip();                                                                                         \
    }

REDUCE(long, sum, long, Sum)
REDUCE(long, max, long, Max)
REDUCE(long, min, long, Min)
REDUCE(double, sum, double, Sum)
REDUCE(double, max, double, Max)
REDUCE(double, min, double, Min)

JNI(void, setLock)(JNIEnv *env, jclass c, jlong a) { shmem_set_lock(PTR(a)); }
JNI(void, clearLock)(JNIEnv *env, jclass c, jlong a) { shmem_clear_lock(PTR(a)); }
JNI(jint, testLock)(JNIEnv *env, jclass c, jlong a) { return shmem_test_lock(PTR(a)); }

/* Contexts: the handle travels as a jlong; 0 means creation failed. */
JNI(jlong, ctxCreate)(JNIEnv *env, jclass c, jlong options)
{
    shmem_ctx_t ctx;
    return shmem_ctx_create(options, &ctx) == 0 ? (jlong)(intptr_t)ctx : 0;
}
JNI(void, ctxDestroy)(JNIEnv *env, jclass c, jlong ctx) { shmem_ctx_destroy((shmem_ctx_t)PTR(ctx)); }
JNI(void, ctxQuiet)(JNIEnv *env, jclass c, jlong ctx) { shmem_ctx_quiet((shmem_ctx_t)PTR(ctx)); }
JNI(void, ctxPutLongs)(JNIEnv *env, jclass c, jlong ctx, jlong dest, jlongArray src, jint off, jint len, jint pe)
{
    long *a = (*env)->GetPrimitiveArrayCritical(env, src, NULL);
    shmem_ctx_long_put((shmem_ctx_t)PTR(ctx), PTR(dest), a + off, (size_t)len, pe);
    (*env)->ReleasePrimitiveArrayCritical(env, src, a, JNI_ABORT);
}
JNI(void, ctxGetLongs)(JNIEnv *env, jclass c, jlong ctx, jlong src, jlongArray dest, jint off, jint len, jint pe)
{
    long *a = (*env)->GetPrimitiveArrayCritical(env, dest, NULL);
    shmem_ctx_long_get((shmem_ctx_t)PTR(ctx), a + off, PTR(src), (size_t)len, pe);
    (*env)->ReleasePrimitiveArrayCritical(env, dest, a, 0);
}
