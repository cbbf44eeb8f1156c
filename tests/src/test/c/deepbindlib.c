/* A library of SHMEM calls, opened with RTLD_DEEPBIND by deepbind.c: it binds shmem_barrier_all to the OpenSHMEM
 * library itself, not to the tracer preloaded before it. */
#include <shmem.h>

void deepbind_barriers(int n)
{
    for (int i = 0; i < n; i++) shmem_barrier_all();
}
