/*
 * manyregions names N: N regions of names of their own ("r0", "r1", ...), each around one shmem_long_p.
 * manyregions handler N: N barriers while SIGALRM, every 200 us, runs a handler that begins and ends the region
 * "handler" (most land inside shmem_barrier_all). Prints "pe P: handler H".
 * manyregions controls 1: a region and a mark whose names hold terminal controls (an escape sequence that clears the
 * screen, a carriage return and newline that fake an output line). For RegionLimitsTest.
 */
#include <shmem.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "shmemtrace.h"

static volatile sig_atomic_t handled;

static void on_alarm(int sig)
{
    (void)sig;
    shmemtrace_region_begin("handler");
    shmemtrace_region_end("handler");
    handled++;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "names";
    long n = argc > 2 ? atol(argv[2]) : 1000;
    static long word;
    shmem_init();
    if (strcmp(mode, "controls") == 0) {
        shmemtrace_region_begin("evil\033[2Jname");
        shmem_long_p(&word, 1, 0);
        shmemtrace_region_end("evil\033[2Jname");
        shmemtrace_mark("m\r\nfake line");
    } else if (strcmp(mode, "names") == 0) {
        char name[32];
        for (long i = 0; i < n; i++) {
            snprintf(name, sizeof name, "r%ld", i);
            shmemtrace_region_begin(name);
            shmem_long_p(&word, i, 0);
            shmemtrace_region_end(name);
        }
    } else {
        signal(SIGALRM, on_alarm);
        struct itimerval every = {{0, 200}, {0, 200}}, off = {{0, 0}, {0, 0}};
        setitimer(ITIMER_REAL, &every, NULL);
        for (long i = 0; i < n; i++) shmem_barrier_all();
        setitimer(ITIMER_REAL, &off, NULL);
        printf("pe %d: handler %d\n", shmem_my_pe(), (int)handled);
    }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
