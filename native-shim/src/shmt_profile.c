/* Profile mode's cold paths: a thread's entries (in its own profile blocks, so that the hot path takes no lock and no
 * atomic), where each call's entry is found, and the regions. */
#include "shmt_profile.h"

#include <stdlib.h>
#include <string.h>

#include "shmt_events.h"
#include "shmt_trace_file.h"

#define MAX_DEPTH 64         /* regions nested deeper are not kept apart */
#define MAX_REGIONS 4096     /* region numbers beyond share the "outside every region" entries */
#define SITE_SLOTS 4096      /* with call sites: (function, region, site) entries a thread keeps */

int shmt_profiling;

typedef struct {
    uint32_t number;
    uint64_t start, units; /* when it began (time units), and the thread's time in calls then */
} open_region;

typedef struct shmt_profile_thread {
    uint8_t *block;            /* the thread's profile block entries go to, and how many it holds */
    size_t used;
    shmt_profile_entry **by_region[MAX_REGIONS + 1]; /* per region + 1 (0: none), the slots per event id */
    shmt_profile_entry *region_entry[MAX_REGIONS], *mark_entry[MAX_REGIONS];
    open_region open[MAX_DEPTH];
    int depth;
    shmt_profile_entry *site_slots[SITE_SLOTS]; /* call sites on: open addressing on (id, region, site) */
} shmt_profile_thread;

static shmt_profile_thread *state(shmt_thread *t)
{
    if (t->profile == NULL) t->profile = calloc(1, sizeof *t->profile);
    return t->profile;
}

/* The current region + 1 (0: none). */
static uint32_t current(const shmt_profile_thread *p)
{
    if (p->depth == 0) return 0;
    uint32_t n = p->open[p->depth - 1].number;
    return n < MAX_REGIONS ? n + 1 : 0;
}

static shmt_profile_entry *new_entry(shmt_thread *t, shmt_profile_thread *p, unsigned id, uint32_t region_plus_one,
                                     uint64_t site)
{
    size_t per_block = (shmt_file_block_size() - SHMT_BLOCK_HEADER) / SHMT_PROFILE_ENTRY;
    if (p->block == NULL || p->used == per_block) {
        int index = shmt_thread_index(t);
        if (index < 0 || (p->block = shmt_file_claim_side_block(SHMT_PROFILE_MAGIC)) == NULL) return NULL;
        uint16_t thread = (uint16_t)index;
        memcpy(p->block + SHMT_B_THREAD, &thread, 2);
        p->used = 0;
    }
    shmt_profile_entry *e = (shmt_profile_entry *)(void *)(p->block + SHMT_BLOCK_HEADER + p->used++ * SHMT_PROFILE_ENTRY);
    e->region_plus_one = region_plus_one;
    e->site = site;
    e->min = UINT64_MAX;
    __atomic_store_n(&e->id_plus_one, id + 1, __ATOMIC_RELEASE);
    return e;
}

static shmt_profile_entry *site_entry(shmt_thread *t, shmt_profile_thread *p, unsigned id, uint32_t region, uint64_t site)
{
    uint64_t h = (site * 0x9E3779B97F4A7C15ull) ^ ((uint64_t)id << 20) ^ region;
    for (unsigned i = 0; i < SITE_SLOTS; i++) {
        shmt_profile_entry **slot = &p->site_slots[(h + i) & (SITE_SLOTS - 1)];
        shmt_profile_entry *e = *slot;
        if (e == NULL) return *slot = new_entry(t, p, id, region, site);
        if (e->id_plus_one == id + 1 && e->region_plus_one == region && e->site == site) return e;
    }
    return NULL; /* full: such calls go unprofiled */
}

static shmt_profile_entry *find_slot(shmt_thread *t, unsigned id, const void *site)
{
    shmt_profile_thread *p = state(t);
    if (p == NULL || id >= SHMT_EVENT_COUNT) return NULL;
    uint32_t region = current(p);
    if (shmt_callsites) return site_entry(t, p, id, region, (uint64_t)(uintptr_t)site);
    if (p->by_region[region] == NULL && (p->by_region[region] = calloc(SHMT_EVENT_COUNT, sizeof(void *))) == NULL) {
        return NULL;
    }
    t->profile_slots = p->by_region[region];
    if (t->profile_slots[id] == NULL) t->profile_slots[id] = new_entry(t, p, id, region, 0);
    return t->profile_slots[id];
}

shmt_profile_entry *shmt_profile_slot(shmt_thread *t, unsigned id, const void *site)
{
    shmt_profile_entry *e = find_slot(t, id, site);
    if (e == NULL) shmt_file_count_dropped(1); /* not profiled: the header says so, as for a trace's lost events */
    return e;
}

static void add(shmt_profile_entry *e, uint64_t d, uint64_t inner)
{
    if (e == NULL) return;
    e->calls++;
    e->total += d;
    e->inner += inner;
    if (d < e->min) e->min = d;
    if (d > e->max) e->max = d;
}

void shmt_profile_region(shmt_thread *t, unsigned id, uint32_t number, uint64_t now)
{
    shmt_profile_thread *p = state(t);
    if (p == NULL) return;
    uint64_t units = now >> shmt_tick_shift;
    if (id == SHMT_REGION_BEGIN_EVENT_ID) {
        if (p->depth < MAX_DEPTH) p->open[p->depth++] = (open_region){number, units, t->profile_units};
    } else if (id == SHMT_REGION_END_EVENT_ID) {
        for (int i = p->depth - 1; i >= 0; i--) { /* the innermost open region of that name */
            if (p->open[i].number != number) continue;
            open_region o = p->open[i];
            memmove(&p->open[i], &p->open[i + 1], (size_t)(p->depth - i - 1) * sizeof o);
            p->depth--;
            if (number < MAX_REGIONS) {
                if (p->region_entry[number] == NULL) {
                    p->region_entry[number] = new_entry(t, p, SHMT_REGION_BEGIN_EVENT_ID, number + 1, 0);
                }
                add(p->region_entry[number], units - o.start, t->profile_units - o.units);
            }
            break;
        }
    } else if (number < MAX_REGIONS) {
        if (p->mark_entry[number] == NULL) p->mark_entry[number] = new_entry(t, p, id, number + 1, 0);
        add(p->mark_entry[number], 0, 0);
    }
    t->profile_slots = p->by_region[current(p)]; /* NULL until the region's first call */
}
