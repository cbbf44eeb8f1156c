/*
 * vector_writer DIR PE MODE: writes DIR/peNNNNN.shmt through the runtime's own encoder, with explicit
 * times, for tests/FormatVectorsTest to read back in Java. MODE "finalize" seals every block and ends
 * FINALIZED; MODE "unsealed" ends with _exit(0) as a killed PE would: no block sealed, state RUNNING.
 *
 * Settings: block size 4096, tick_shift 0 (times below are units). PE count 2.
 * Thread 0, i = 0..599, t0 = 1000 + 100 i, t1 = t0 + 40 + i % 7:
 *   i % 4 == 3: shmem_ctx_long_put  pe = i % 3, len = 1000 i, target = BASE + 64 i, ctx = 0x5000 + 0x100 (i % 2)
 *   otherwise:  shmem_long_p        pe = i % 5 - 2, addr = BASE + 8 ((37 i) % 11), value = i - 300
 * Thread 1 (started after thread 0's events), j = 0..299, t0 = 2000 + 50 j, t1 = t0 + 5 + j % 3:
 *   shmem_quiet
 * BASE = 0x7f0000001000. Finalize time (mode finalize): 100000.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shmt_events.h"
#include "shmt_runtime.h"
#include "shmt_testing.h"

#define BASE 0x7f0000001000ull

static void *second_thread(void *unused)
{
    (void)unused;
    for (uint64_t j = 0; j < 300; j++) {
        shmt_thread *t = shmt_enter(0, 0, 0);
        uint64_t t0 = 2000 + 50 * j;
        shmt_reserve_at(t, t0);
        uint8_t *r = shmt_record(t);
        uint8_t *p = shmt_event_begin(t, r, SHMT_ID_shmem_quiet, t0, t0 + 5 + j % 3, 0);
        shmt_event_end(t, r, p, SHMT_ID_shmem_quiet);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: vector_writer DIR PE finalize|unsealed\n");
        return 2;
    }
    setenv("SHMEMTRACE_BLOCK_SIZE", "4096", 1);
    setenv("SHMEMTRACE_TICK_SHIFT", "0", 1);
    if (shmt_open_for_test(argv[1], atoi(argv[2]), 2) != 0) return 1;
    for (uint64_t i = 0; i < 600; i++) {
        shmt_thread *t = shmt_enter(0, 0, 0);
        uint64_t t0 = 1000 + 100 * i, t1 = t0 + 40 + i % 7;
        shmt_reserve_at(t, t0);
        uint8_t *r = shmt_record(t);
        if (i % 4 == 3) {
            uint8_t *p = shmt_event_begin(t, r, SHMT_ID_shmem_ctx_long_put, t0, t1, 0);
            p = shmt_put_svar(p, (int64_t)(i % 3));
            p = shmt_put_uvar(p, 1000 * i);
            p = shmt_put_addr(t, p, BASE + 64 * i);
            p = shmt_put_ctx(t, p, 0x5000 + 0x100 * (i % 2));
            shmt_event_end(t, r, p, SHMT_ID_shmem_ctx_long_put);
        } else {
            uint8_t *p = shmt_event_begin(t, r, SHMT_ID_shmem_long_p, t0, t1, 0);
            p = shmt_put_svar(p, (int64_t)(i % 5) - 2);
            p = shmt_put_addr(t, p, BASE + 8 * ((37 * i) % 11));
            p = shmt_put_svar(p, (int64_t)i - 300);
            shmt_event_end(t, r, p, SHMT_ID_shmem_long_p);
        }
    }
    pthread_t tid;
    pthread_create(&tid, NULL, second_thread, NULL);
    pthread_join(tid, NULL);
    if (strcmp(argv[3], "unsealed") == 0) _exit(0);
    shmt_stop(SHMT_STATE_FINALIZED, 100000);
    return 0;
}
