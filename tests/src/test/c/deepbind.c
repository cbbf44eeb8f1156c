/*
 * deepbind before|after LIBRARY N: opens LIBRARY (deepbindlib.c) with RTLD_NOW | RTLD_DEEPBIND before or after
 * shmem_init, then makes N barriers through it (DeepBindTest).
 */
#include <dlfcn.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 4) return 2;
    int before = strcmp(argv[1], "before") == 0;
    void *library = before ? dlopen(argv[2], RTLD_NOW | RTLD_DEEPBIND) : NULL;
    shmem_init();
    if (!before) library = dlopen(argv[2], RTLD_NOW | RTLD_DEEPBIND);
    if (library == NULL) {
        fprintf(stderr, "deepbind: %s\n", dlerror());
        return 1;
    }
    void (*barriers)(int) = (void (*)(int))dlsym(library, "deepbind_barriers");
    barriers(atoi(argv[3]));
    shmem_finalize();
    return 0;
}
