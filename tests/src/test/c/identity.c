/*
 * identity N: a function's address taken before shmem_init, after it and from dlsym must be one (a program that
 * compares function pointers — a callback table, "is this the handler I registered" — must not change behaviour
 * under the tracer, whatever the mode or filter). Then N calls of shmem_quiet through the pointer and N direct ones,
 * and one shmem_barrier_all. stdout: "identity kept" or "identity broken: BEFORE AFTER DLSYM".
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

typedef void (*quiet_fn)(void);
static quiet_fn volatile before, after;

/* The address as the program's code takes it then (noipa: read anew at each call, not once for the whole function). */
static __attribute__((noipa)) quiet_fn address_of_quiet(void) { return shmem_quiet; }

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 10;
    before = address_of_quiet();
    shmem_init();
    after = address_of_quiet();
    quiet_fn looked_up = (quiet_fn)dlsym(RTLD_DEFAULT, "shmem_quiet");
    if (before == after && after == looked_up) printf("identity kept\n");
    else printf("identity broken: %p %p %p\n", (void *)before, (void *)after, (void *)looked_up);
    for (long i = 0; i < n; i++) after();
    for (long i = 0; i < n; i++) shmem_quiet();
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
