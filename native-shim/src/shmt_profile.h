/* Profile mode (SHMEMTRACE_MODE=profile; trace-format/FORMAT.md, "Profiles"): per thread, per function and region
 * (and call site, when sites are on), calls, bytes, time and a size histogram, kept in the trace file's profile
 * blocks and updated in place. The program's calls reach the profile through stubs its GOT entries are pointed at
 * (shmt_got.c): the wrappers, and the trace's fast path, are not on their way. */
#ifndef SHMT_PROFILE_H
#define SHMT_PROFILE_H

#include "shmt_runtime.h"

typedef struct shmt_profile_entry {
    uint32_t id_plus_one;     /* 0 until the entry is in use; stored last */
    uint32_t region_plus_one; /* the innermost region the calls were made in; 0 outside every region */
    uint64_t site;            /* the call site (0 without call sites) */
    uint64_t calls, bytes, total, min, max; /* times in units of 2^tick_shift ticks */
    uint32_t hist[SHMT_HIST_BUCKETS];      /* calls by log2 of their bytes */
    uint64_t inner;           /* a region's entry: the time in SHMEM calls within it */
} shmt_profile_entry;

/* The layout is FORMAT.md's (Layout's P_ offsets, which the Java reader takes). */
_Static_assert(sizeof(shmt_profile_entry) == SHMT_PROFILE_ENTRY, "the entry of FORMAT.md");
_Static_assert(offsetof(shmt_profile_entry, region_plus_one) == SHMT_P_REGION, "region");
_Static_assert(offsetof(shmt_profile_entry, site) == SHMT_P_SITE, "site");
_Static_assert(offsetof(shmt_profile_entry, calls) == SHMT_P_CALLS, "calls");
_Static_assert(offsetof(shmt_profile_entry, bytes) == SHMT_P_BYTES, "bytes");
_Static_assert(offsetof(shmt_profile_entry, total) == SHMT_P_TOTAL, "total");
_Static_assert(offsetof(shmt_profile_entry, min) == SHMT_P_MIN, "min");
_Static_assert(offsetof(shmt_profile_entry, max) == SHMT_P_MAX, "max");
_Static_assert(offsetof(shmt_profile_entry, hist) == SHMT_P_HIST, "hist");
_Static_assert(offsetof(shmt_profile_entry, inner) == SHMT_P_INNER, "inner");

extern int shmt_profiling SHMT_HIDDEN;

/* The entry for a call of id by this thread in its current region (from site, with call sites on), made on first
 * use; NULL when it cannot be had (no room in the file or in memory, the thread table full). */
shmt_profile_entry *shmt_profile_slot(shmt_thread *t, unsigned id, const void *site) SHMT_HIDDEN;

/* A region record (SHMT_REGION_BEGIN_EVENT_ID, ..._END_..., SHMT_MARK_EVENT_ID) of this thread (busy) in profile mode,
 * at now (raw clock): entries of regions, the thread's current region. */
void shmt_profile_region(shmt_thread *t, unsigned id, uint32_t number, uint64_t now) SHMT_HIDDEN;

/* The regions the thread has open end now (raw clock): at its end (its slot, and the state with it, then go to the next
 * thread: shmt_runtime.c) and at the trace's (a region open at the end was missing from the profile). */
void shmt_profile_close_regions(shmt_thread *t, uint64_t now) SHMT_HIDDEN;

/* A profiled call of id (busy since shmt_enter: t->call_start is its start) that ended at t1 and moved bytes. */
static inline __attribute__((always_inline)) void shmt_profile_add(shmt_thread *t, unsigned id, uint64_t t1,
                                                                 uint64_t bytes, const void *site)
{
    shmt_profile_entry *e = SHMT_LIKELY(!shmt_callsites) && t->profile_slots != NULL ? t->profile_slots[id] : NULL;
    if (SHMT_UNLIKELY(e == NULL || e->region_plus_one != t->profile_region) && (e = shmt_profile_slot(t, id, site)) == NULL) {
        shmt_leave(t);
        return;
    }
    uint64_t d = (t1 - t->call_start) >> shmt_tick_shift;
    unsigned bucket = bytes == 0 ? 0 : 64 - (unsigned)__builtin_clzll(bytes);
    e->calls++;
    e->bytes += bytes;
    e->total += d;
    if (d < e->min) e->min = d;
    if (d > e->max) e->max = d;
    e->hist[bucket < SHMT_HIST_BUCKETS ? bucket : SHMT_HIST_BUCKETS - 1]++;
    t->profile_units += d;
    shmt_leave(t);
}

#endif
