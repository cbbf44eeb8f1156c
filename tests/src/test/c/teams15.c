/*
 * teams15: the OpenSHMEM 1.5 calls a modern program makes, in known numbers (built with Sandia OpenSHMEM's
 * oshcc; needs an even number of PEs, at least 2):
 *   - a ring of signal puts: ROUNDS x shmem_long_put_signal of WORDS words to the next PE, each followed by a
 *     shmem_signal_wait_until for the signal the previous PE adds (SHMEM_SIGNAL_ADD, so the value counts rounds);
 *   - a team of the even PEs (split_strided from SHMEM_TEAM_WORLD: start 0, stride 2) and its reduction, sync and
 *     destruction; the odd PEs get no team and make none of its calls;
 *   - a wait on a set of flags: every PE sets flag[me] on PE 0 with shmem_long_atomic_set, PE 0 waits for all of
 *     them with shmem_long_wait_until_all;
 *   - a non-blocking fetch-add on PE 0's counter, completed by a quiet;
 *   - shmem_pcontrol(1, "teams15"): profiling on, with an argument for the profiling library (variadic).
 * It prints one checkable line per PE; the test compares the trace with these numbers.
 *   teams15 [rounds]
 */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#define WORDS 16
#define MAX_PES 64

static long inbox[WORDS];
static uint64_t signal_word;
static long flags[MAX_PES];
static long counter;
static long even_sum, my_value;

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 10;
    long message[WORDS];
    shmem_init();
    shmem_pcontrol(1, "teams15");
    int me = shmem_my_pe(), npes = shmem_n_pes();
    if (npes > MAX_PES || npes % 2 != 0) shmem_global_exit(2);
    int next = (me + 1) % npes;

    for (int r = 1; r <= rounds; r++) {
        for (int i = 0; i < WORDS; i++) message[i] = r;
        shmem_long_put_signal(inbox, message, WORDS, &signal_word, 1, SHMEM_SIGNAL_ADD, next);
        shmem_signal_wait_until(&signal_word, SHMEM_CMP_GE, (uint64_t)r);
    }

    shmem_team_t evens = SHMEM_TEAM_INVALID;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, npes / 2, NULL, 0, &evens);
    if (evens != SHMEM_TEAM_INVALID) {
        my_value = me;
        shmem_long_sum_reduce(evens, &even_sum, &my_value, 1);
        shmem_team_sync(evens);
        shmem_team_destroy(evens);
    }

    shmem_long_atomic_set(&flags[me], 1, 0);
    if (me == 0) shmem_long_wait_until_all(flags, (size_t)npes, NULL, SHMEM_CMP_EQ, 1);

    long before = -1;
    shmem_long_atomic_fetch_add_nbi(&before, &counter, 1, 0);
    shmem_quiet();
    shmem_barrier_all();

    printf("teams15 pe %d: signal %llu, inbox %ld, even sum %ld, counter %ld\n", me,
           (unsigned long long)signal_word, inbox[WORDS - 1], me % 2 == 0 ? even_sum : -1L,
           me == 0 ? counter : -1L);
    shmem_finalize();
    return 0;
}
