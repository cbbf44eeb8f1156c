/*
 * crash MODE N: shmem_init, N calls of shmem_long_p to this PE, then ends as MODE says:
 *   finalize  shmem_finalize, return 0        abort  abort()
 *   exit      exit(0) without shmem_finalize   segv   a write through a null pointer
 *   kill      raise(SIGKILL)
 * For the crash tests (CrashTest): the trace must still hold the N calls.
 */
#include <shmem.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long word;

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: crash finalize|exit|abort|segv|kill N\n");
        return 2;
    }
    const char *mode = argv[1];
    long n = atol(argv[2]);
    shmem_init();
    int me = shmem_my_pe();
    for (long i = 0; i < n; i++) shmem_long_p(&word, i, me);
    if (strcmp(mode, "finalize") == 0) {
        shmem_finalize();
        return 0;
    }
    if (strcmp(mode, "exit") == 0) exit(0);
    if (strcmp(mode, "abort") == 0) abort();
    if (strcmp(mode, "segv") == 0) {
        volatile long *nowhere = NULL;
        *nowhere = 1;
    }
    if (strcmp(mode, "kill") == 0) raise(SIGKILL);
    return 3;
}
