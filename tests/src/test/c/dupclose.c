/*
 * dupclose CALLS: the program closes a descriptor it does not own — the trace's, found in /proc/self/fd — and its
 * results file takes that number (dup2, as the next open of a program with few descriptors open would), then makes
 * CALLS calls of shmem_quiet: enough for the tracer to need new blocks. Untraced, the close fails (EBADF) and nothing
 * else happens. The tracer must see that the descriptor is no longer its trace and write nothing through it
 * (ProfileSafetyTest). stdout: "trace descriptor D" (-1 untraced), then "results intact" or "results damaged: B bytes".
 */
#include <fcntl.h>
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>

#define RESULTS_BYTES (4 << 20)

static int trace_descriptor(void)
{
    DIR *d = opendir("/proc/self/fd");
    struct dirent *e;
    int found = -1;
    while (d != NULL && (e = readdir(d)) != NULL) {
        char link[64], target[4096];
        snprintf(link, sizeof link, "/proc/self/fd/%s", e->d_name);
        ssize_t n = readlink(link, target, sizeof target - 1);
        if (n <= 0) continue;
        target[n] = '\0';
        if (strstr(target, ".shmt") != NULL) found = atoi(e->d_name);
    }
    if (d != NULL) closedir(d);
    return found;
}

static unsigned char pattern(long i) { return (unsigned char)(i * 7 + 3); }

int main(int argc, char **argv)
{
    long calls = argc > 1 ? atol(argv[1]) : 100000;
    const char *results = argc > 2 ? argv[2] : "results.bin";
    shmem_init();
    int fd = trace_descriptor();
    printf("trace descriptor %d\n", fd);
    int out = open(results, O_RDWR | O_CREAT | O_TRUNC, 0644);
    if (out < 0) { perror(results); return 2; }
    if (fd >= 0) {
        close(fd); /* a stale close: not the program's descriptor */
        if (dup2(out, fd) < 0) { perror("dup2"); return 2; }
        close(out);
        out = fd;
    }
    unsigned char *buf = malloc(RESULTS_BYTES);
    for (long i = 0; i < RESULTS_BYTES; i++) buf[i] = pattern(i);
    if (write(out, buf, RESULTS_BYTES) != RESULTS_BYTES) { perror("write"); return 2; }
    for (long i = 0; i < calls; i++) shmem_quiet();
    shmem_barrier_all();
    memset(buf, 0, RESULTS_BYTES);
    long damaged = 0;
    off_t size = lseek(out, 0, SEEK_END);
    if (pread(out, buf, RESULTS_BYTES, 0) != RESULTS_BYTES) damaged = RESULTS_BYTES;
    else for (long i = 0; i < RESULTS_BYTES; i++) damaged += buf[i] != pattern(i);
    close(out);
    if (damaged || size != RESULTS_BYTES) printf("results damaged: %ld bytes, %ld bytes long\n", damaged, (long)size);
    else printf("results intact\n");
    fflush(stdout);
    shmem_finalize();
    return 0;
}
