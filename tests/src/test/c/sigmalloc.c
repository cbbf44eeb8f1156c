/*
 * sigmalloc N: a SIGALRM handler (every 50 µs) enters a region of a new name, calls shmem_my_pe and leaves the region,
 * N times, while the main thread does nothing but malloc and free. In profile mode the handler's calls are the
 * thread's first (its state is made then) and each is in a new region (its entries are made then): were anything on
 * that path to take malloc's lock, a handler that interrupted the main thread inside malloc would wait for it forever
 * (ProfileSafetyTest). stderr: "pe P: H handler calls" (H = N), for the profile's counts.
 */
#include <pthread.h>
#include <shmem.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

#include "shmemtrace.h"

#define MAX_CALLS 2000

static char names[MAX_CALLS][16];
static volatile sig_atomic_t handler_calls;
static long wanted;

static void on_alarm(int sig)
{
    (void)sig;
    if (handler_calls >= wanted) return;
    shmemtrace_region_begin(names[handler_calls]);
    shmem_my_pe();
    shmemtrace_region_end(names[handler_calls]);
    handler_calls++;
}

static void every(long usec)
{
    struct itimerval timer = {.it_interval = {0, usec}, .it_value = {0, usec}};
    setitimer(ITIMER_REAL, &timer, NULL);
}

int main(int argc, char **argv)
{
    wanted = argc == 2 ? atol(argv[1]) : 0;
    if (wanted <= 0 || wanted > MAX_CALLS) {
        fprintf(stderr, "usage: sigmalloc N (1 to %d)\n", MAX_CALLS);
        return 2;
    }
    for (int i = 0; i < MAX_CALLS; i++) snprintf(names[i], sizeof names[i], "handler%d", i);
    sigset_t alarm;
    sigemptyset(&alarm);
    sigaddset(&alarm, SIGALRM);
    pthread_sigmask(SIG_BLOCK, &alarm, NULL); /* the library's threads never take the signal (sigquiet.c) */
    shmem_init();
    pthread_sigmask(SIG_UNBLOCK, &alarm, NULL);
    struct sigaction action = {.sa_handler = on_alarm};
    sigemptyset(&action.sa_mask);
    sigaction(SIGALRM, &action, NULL);
    every(50);
    size_t sum = 0;
    for (long i = 0; handler_calls < wanted; i++) {
        char *p = malloc(64 + (size_t)(i % 8192));
        p[0] = (char)i;
        sum += (size_t)p[0];
        free(p);
    }
    every(0);
    fprintf(stderr, "pe %d: %ld handler calls\n", shmem_my_pe(), (long)handler_calls);
    shmem_finalize();
    return sum == 0xFFFFFFFF; /* keeps the loop's work */
}
