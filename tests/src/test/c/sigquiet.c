/*
 * sigquiet N: a SIGALRM handler (every 50 µs) calls shmem_quiet while the main loop calls shmem_my_pe, at least
 * N times and until the handler has run 100 times. The handler re-enters the tracer at any point of a traced
 * call: before the library call, while a block changes, while a record is written (SignalReentryTest).
 * stdout: what the loop computed (the same traced or not); stderr: "pe P: C calls, K handler calls", for
 * the trace's counts. SIGALRM goes to the main thread only: it is blocked before shmem_init, so that the threads
 * the library starts (UCX's, Open MPI's) inherit the block, and unblocked in the main thread after. A process
 * signal may otherwise run the handler on a library thread, and a quiet there races the main thread's use of a
 * single-threaded UCX worker (an assertion in ucp_worker_progress, untraced too, on a busy machine).
 */
#include <pthread.h>
#include <shmem.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

static volatile sig_atomic_t handler_calls;

static void on_alarm(int sig)
{
    (void)sig;
    shmem_quiet();
    handler_calls++;
}

static void every(long usec)
{
    struct itimerval timer = {.it_interval = {0, usec}, .it_value = {0, usec}};
    setitimer(ITIMER_REAL, &timer, NULL);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: sigquiet N\n");
        return 2;
    }
    long n = atol(argv[1]);
    sigset_t alarm;
    sigemptyset(&alarm);
    sigaddset(&alarm, SIGALRM);
    pthread_sigmask(SIG_BLOCK, &alarm, NULL);
    shmem_init();
    pthread_sigmask(SIG_UNBLOCK, &alarm, NULL);
    long sum = 0;
    struct sigaction action = {.sa_handler = on_alarm};
    sigemptyset(&action.sa_mask);
    sigaction(SIGALRM, &action, NULL);
    every(50);
    long calls = 0;
    for (; calls < n || handler_calls < 100; calls++) sum += shmem_my_pe();
    every(0);
    int me = shmem_my_pe();
    printf("pe %d: sum %s\n", me, sum == calls * me ? "right" : "wrong");
    fprintf(stderr, "pe %d: %ld calls, %ld handler calls\n", me, calls, (long)handler_calls);
    shmem_finalize();
    return 0;
}
