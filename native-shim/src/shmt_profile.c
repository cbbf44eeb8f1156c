/* Profile mode's cold paths: a thread's entries (in its own profile blocks, so that the hot path takes no lock and no
 * atomic), where each call's entry is found, and the regions. A thread's state lives in pages of its own
 * (shmt_pages.h: a call from a signal handler may be the first to need it) and goes, with the thread's slot, to the
 * next thread when the thread ends (shmt_runtime.c): short-lived threads reuse it instead of adding to it. */
#include "shmt_profile.h"

#include <string.h>

#include "shmt_events.h"
#include "shmt_pages.h"
#include "shmt_trace_file.h"

#define MAX_DEPTH 1024    /* regions nested deeper are counted as calls not recorded (in pages: touched as deep) */
#define FIRST_CAPACITY 1024 /* the entry index's first size (a power of two); doubled when half full */

int shmt_profiling;

typedef struct {
    uint32_t number;
    uint64_t start, units; /* when it began (time units), and the thread's time in calls then */
} open_region;

typedef struct shmt_profile_thread {
    uint8_t *block;            /* the thread's profile block entries go to, and how many it holds */
    size_t used;
    /* Every entry of the thread, by (id, region, site): open addressing, at most half full. */
    shmt_profile_entry **index;
    size_t capacity, entries;
    /* Per event id, the entry its last call used (the hot path's t->profile_slots): right when its region is the
     * thread's current one (the hot path checks), whatever the number of regions. */
    shmt_profile_entry *last[SHMT_EVENT_COUNT];
    open_region open[MAX_DEPTH];
    int depth;
    uint64_t beyond; /* regions begun past MAX_DEPTH and not yet ended: their ends are theirs, not an open one's */
} shmt_profile_thread;

/* The thread's state, its slot taken first (a slot left by a thread that ended brings its state along). */
static shmt_profile_thread *state(shmt_thread *t)
{
    if (shmt_thread_index(t) < 0) return NULL;
    if (t->profile == NULL && (t->profile = shmt_pages_alloc(sizeof *t->profile)) != NULL) {
        t->profile_slots = t->profile->last;
    }
    return t->profile;
}

static shmt_profile_entry *new_entry(shmt_thread *t, shmt_profile_thread *p, unsigned id, uint32_t region_plus_one,
                                     uint64_t site)
{
    size_t per_block = (shmt_file_block_size() - SHMT_BLOCK_HEADER) / SHMT_PROFILE_ENTRY;
    if (p->block == NULL || p->used == per_block) {
        uint8_t *block = shmt_file_claim_side_block(SHMT_PROFILE_MAGIC);
        if (block == NULL) return NULL;
        uint16_t thread = (uint16_t)t->index;
        memcpy(block + SHMT_B_THREAD, &thread, 2);
        p->block = block;
        p->used = 0;
    }
    shmt_profile_entry *e = (shmt_profile_entry *)(void *)(p->block + SHMT_BLOCK_HEADER + p->used++ * SHMT_PROFILE_ENTRY);
    e->region_plus_one = region_plus_one;
    e->site = site;
    e->min = UINT64_MAX;
    __atomic_store_n(&e->id_plus_one, id + 1, __ATOMIC_RELEASE);
    return e;
}

static size_t home(size_t capacity, unsigned id, uint32_t region, uint64_t site)
{
    uint64_t h = (site * 0x9E3779B97F4A7C15ull) ^ ((uint64_t)id << 20) ^ ((uint64_t)region * 0xC2B2AE3D27D4EB4Full);
    return (size_t)(h ^ (h >> 29)) & (capacity - 1);
}

/* A slot of the index where (id, region, site) is or would go. */
static shmt_profile_entry **slot_of(shmt_profile_entry **index, size_t capacity, unsigned id, uint32_t region,
                                    uint64_t site)
{
    for (size_t i = home(capacity, id, region, site);; i = (i + 1) & (capacity - 1)) {
        shmt_profile_entry *e = index[i];
        if (e == NULL || (e->id_plus_one == id + 1 && e->region_plus_one == region && e->site == site)) return &index[i];
    }
}

/* Room in the index for one more entry: made on first use, twice as large when half full; 0 when no memory. */
static int index_room(shmt_profile_thread *p)
{
    if (p->index != NULL && 2 * (p->entries + 1) <= p->capacity) return 1;
    size_t capacity = p->index == NULL ? FIRST_CAPACITY : 2 * p->capacity;
    shmt_profile_entry **index = shmt_pages_alloc(capacity * sizeof *index);
    if (index == NULL) return 0;
    for (size_t i = 0; i < p->capacity; i++) {
        shmt_profile_entry *e = p->index[i];
        if (e != NULL) *slot_of(index, capacity, e->id_plus_one - 1, e->region_plus_one, e->site) = e;
    }
    shmt_pages_free(p->index, p->capacity * sizeof *p->index);
    p->index = index;
    p->capacity = capacity;
    return 1;
}

/* The entry of (id, region, site), made on first use; NULL when there is no room for it. */
static shmt_profile_entry *entry(shmt_thread *t, shmt_profile_thread *p, unsigned id, uint32_t region, uint64_t site)
{
    if (p->index != NULL) {
        shmt_profile_entry *e = *slot_of(p->index, p->capacity, id, region, site);
        if (e != NULL) return e;
    }
    if (!index_room(p)) return NULL;
    shmt_profile_entry *e = new_entry(t, p, id, region, site);
    if (e == NULL) return NULL;
    *slot_of(p->index, p->capacity, id, region, site) = e;
    p->entries++;
    return e;
}

static shmt_profile_entry *find_slot(shmt_thread *t, unsigned id, const void *site)
{
    shmt_profile_thread *p = state(t);
    if (p == NULL || id >= SHMT_EVENT_COUNT) return NULL;
    shmt_profile_entry *e = entry(t, p, id, t->profile_region, shmt_callsites ? (uint64_t)(uintptr_t)site : 0);
    if (e != NULL && !shmt_callsites) p->last[id] = e;
    return e;
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

/* The region o of the thread ends at units: its entry gets the time and the time in calls since it began. */
static void close_region(shmt_thread *t, shmt_profile_thread *p, open_region o, uint64_t units)
{
    add(entry(t, p, SHMT_REGION_BEGIN_EVENT_ID, o.number + 1, 0), units - o.start, t->profile_units - o.units);
}

void shmt_profile_region(shmt_thread *t, unsigned id, uint32_t number, uint64_t now)
{
    shmt_profile_thread *p = state(t);
    if (p == NULL) return;
    uint64_t units = now >> shmt_tick_shift;
    if (id == SHMT_REGION_BEGIN_EVENT_ID) {
        if (p->depth < MAX_DEPTH) {
            p->open[p->depth++] = (open_region){number, units, t->profile_units};
        } else {
            p->beyond++;
            shmt_file_count_dropped(1); /* the header's count says a region was not profiled */
        }
    } else if (id == SHMT_REGION_END_EVENT_ID) {
        int i = p->depth - 1;
        while (i >= 0 && p->open[i].number != number) i--; /* the innermost open region of that name */
        if (i >= 0 && p->beyond == 0) {
            open_region o = p->open[i];
            memmove(&p->open[i], &p->open[i + 1], (size_t)(p->depth - i - 1) * sizeof o);
            p->depth--;
            close_region(t, p, o, units);
        } else if (p->beyond > 0) {
            p->beyond--;
        }
    } else {
        add(entry(t, p, id, number + 1, 0), 0, 0);
    }
    t->profile_region = p->depth == 0 ? 0 : p->open[p->depth - 1].number + 1;
}

void shmt_profile_close_regions(shmt_thread *t, uint64_t now)
{
    shmt_profile_thread *p = t->profile;
    if (p == NULL) return;
    uint64_t units = now >> shmt_tick_shift;
    while (p->depth > 0) close_region(t, p, p->open[--p->depth], units);
    p->beyond = 0;
    t->profile_region = 0;
}
