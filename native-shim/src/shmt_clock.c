#include "shmt_clock.h"

#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

int shmt_clock_is_tsc;

static int has_invariant_tsc(void)
{
#if defined(__x86_64__) || defined(__i386__)
    unsigned a, b, c, d;
    if (__get_cpuid_max(0x80000000u, NULL) < 0x80000007u) return 0;
    __cpuid(0x80000007u, a, b, c, d);
    return (d >> 8) & 1;
#else
    return 0;
#endif
}

/* Chosen when the library loads, so that an init call is timed on the same clock as everything after it. */
__attribute__((constructor)) static void select_at_load(void)
{
    shmt_clock_select();
}

int shmt_clock_select(void)
{
    const char *forced = getenv("SHMEMTRACE_CLOCK");
    int monotonic = forced != NULL && strcmp(forced, "monotonic") == 0;
    shmt_clock_is_tsc = !monotonic && has_invariant_tsc();
    return shmt_clock_is_tsc ? SHMT_CLOCK_TSC : SHMT_CLOCK_MONOTONIC;
}

void shmt_clock_pair(uint64_t *ticks, uint64_t *mono_ns)
{
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < 5; i++) {
        uint64_t before = shmt_now();
        uint64_t mono = shmt_mono_ns(CLOCK_MONOTONIC);
        uint64_t after = shmt_now();
        if (after - before < best) {
            best = after - before;
            *ticks = before + (after - before) / 2;
            *mono_ns = mono;
        }
    }
}

uint64_t shmt_clock_calibrate(void)
{
    if (!shmt_clock_is_tsc) return 1000000000u;
    uint64_t t0, m0, t1, m1;
    shmt_clock_pair(&t0, &m0);
    do {
        shmt_clock_pair(&t1, &m1);
    } while (m1 - m0 < 3000000u); /* 3 ms: the rate to ~1e-6; readers refine it with the final pair */
    return (uint64_t)((double)(t1 - t0) * 1e9 / (double)(m1 - m0) + 0.5);
}
