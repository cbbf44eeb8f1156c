/*
 * drain: how Open MPI's OpenSHMEM completes non-fetching atomics on globals (static symmetric data), which it
 * reaches through the target's progress: PE 0 (and, with "mutual", PE 1 at the same time) posts N atomics to a
 * global array of the other PE, then quiets; "mixed" is mutual with every other atomic to the PE itself, as gups
 * does. Printed per N: the posting time and the quiet's time, per atomic (both kinds counted in mixed).
 * What gups is made of (docs/shmemsim.md); run by scripts/bench-drain.sh.
 *   drain [alone|mutual|mixed] [words]       (alone; 1024 words, the atomics spread over them)
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_WORDS (1 << 16)

static long table[MAX_WORDS];

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv)
{
    int mixed = argc > 1 && strcmp(argv[1], "mixed") == 0;
    int mutual = mixed || (argc > 1 && strcmp(argv[1], "mutual") == 0);
    long words = argc > 2 ? atol(argv[2]) : 1024;
    if (words < 1 || words > MAX_WORDS || (words & (words - 1))) words = 1024; /* a power of two */
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    if (npes != 2) {
        if (me == 0) fprintf(stderr, "drain: runs on 2 PEs\n");
        shmem_global_exit(2);
    }
    const long counts[] = {1000, 10000, 100000, 300000};
    for (int k = 0; k < 4; k++) {
        long n = counts[k];
        shmem_barrier_all();
        double t0 = now(), t1 = t0, t2 = t0;
        if (me == 0 || mutual) {
            for (long i = 0; i < n; i++) {
                shmem_long_atomic_add(&table[(i * 2654435761u) & (words - 1)], 1, mixed && (i & 1) ? me : 1 - me);
            }
            t1 = now();
            shmem_quiet();
            t2 = now();
        }
        shmem_barrier_all();
        if (me == 0) {
            printf("%-6s %7ld atomics: post %7.1f ns, quiet %7.1f ns per atomic\n", mixed ? "mixed" : mutual ? "mutual" : "alone", n,
                   1e9 * (t1 - t0) / n, 1e9 * (t2 - t1) / n);
        }
    }
    shmem_finalize();
    return 0;
}
