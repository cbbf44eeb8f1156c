/* The trace clock: the TSC where the CPU keeps it invariant (about 10 ns a read here), else
 * CLOCK_MONOTONIC (about 25 ns). Chosen once at start; the hot path pays one predictable branch. */
#ifndef SHMT_CLOCK_H
#define SHMT_CLOCK_H

#include <stdint.h>
#include <time.h>

#include "shmt_format.h" /* SHMT_CLOCK_TSC, SHMT_CLOCK_MONOTONIC */

extern int shmt_clock_is_tsc;

static inline uint64_t shmt_mono_ns(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#if defined(__x86_64__) || defined(__i386__)
#define SHMT_CLOCK_IS_TSC __builtin_expect(shmt_clock_is_tsc, 1)
static inline uint64_t shmt_tsc(void) { return __builtin_ia32_rdtsc(); }
#else
#define SHMT_CLOCK_IS_TSC 0
static inline uint64_t shmt_tsc(void) { return 0; } /* never called: no TSC clock here */
#endif

static inline uint64_t shmt_now(void)
{
    return SHMT_CLOCK_IS_TSC ? shmt_tsc() : shmt_mono_ns(CLOCK_MONOTONIC);
}

/*
 * t0 = now; CALL; t1 = now, with one branch on the clock kind for both reads (tsc: SHMT_CLOCK_IS_TSC, or an
 * expression the compiler can fold): the flag is read once, where shmt_now() twice would reload it after the
 * call (the compiler cannot know the call leaves it alone). CALL is written twice; only one copy runs.
 */
#define SHMT_TIMED(tsc, t0, t1, CALL)                                           \
    do {                                                                        \
        if (tsc) {                                                              \
            t0 = shmt_tsc();                                                    \
            CALL;                                                               \
            t1 = shmt_tsc();                                                    \
        } else {                                                                \
            t0 = shmt_mono_ns(CLOCK_MONOTONIC);                                 \
            CALL;                                                               \
            t1 = shmt_mono_ns(CLOCK_MONOTONIC);                                 \
        }                                                                       \
    } while (0)

/* Picks the clock (SHMEMTRACE_CLOCK=monotonic forces CLOCK_MONOTONIC) and returns SHMT_CLOCK_*. */
int shmt_clock_select(void);

/* Ticks per second, measured against CLOCK_MONOTONIC over a few milliseconds. */
uint64_t shmt_clock_calibrate(void);

/* A simultaneous reading of the trace clock and CLOCK_MONOTONIC (the read with the tightest bracket). */
void shmt_clock_pair(uint64_t *ticks, uint64_t *mono_ns);

#endif
