/* The counts blocks: one entry per function with calls not recorded, updated in place in the mapped file (atomic
 * adds), so the counts survive a crash or SIGKILL as the events do. Entries are made under a lock, their id stored
 * last; they are few (one per function ever paused or excluded) and made once. */
#include "shmt_counts.h"

#include <pthread.h>

#include "shmt_events.h"
#include "shmt_trace_file.h"

shmt_count_entry *shmt_count_slots[SHMT_EVENT_COUNT];

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static uint8_t *block;    /* the counts block entries go to */
static size_t used;       /* its entries */

static shmt_count_entry *new_entry(unsigned id)
{
    size_t per_block = (shmt_file_block_size() - SHMT_BLOCK_HEADER) / SHMT_COUNT_ENTRY;
    if (block == NULL || used == per_block) {
        block = shmt_file_claim_side_block(SHMT_COUNTS_MAGIC);
        used = 0;
        if (block == NULL) return NULL;
    }
    shmt_count_entry *e = (shmt_count_entry *)(void *)(block + SHMT_BLOCK_HEADER + used++ * SHMT_COUNT_ENTRY);
    __atomic_store_n(&e->id_plus_one, id + 1, __ATOMIC_RELEASE);
    return e;
}

shmt_count_entry *shmt_count_slot(unsigned id)
{
    if (id >= SHMT_EVENT_COUNT) return NULL;
    shmt_count_entry *e = __atomic_load_n(&shmt_count_slots[id], __ATOMIC_ACQUIRE);
    if (e != NULL) return e;
    /* Busy meanwhile: a SHMEM call from a signal handler passes through instead of waiting for this lock. */
    shmt_thread *t = shmt_hold();
    pthread_mutex_lock(&lock);
    e = shmt_count_slots[id];
    if (e == NULL && (e = new_entry(id)) != NULL) __atomic_store_n(&shmt_count_slots[id], e, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&lock);
    if (shmt_is_outer(t)) shmt_release(t);
    return e;
}

void shmt_count_paused(unsigned id)
{
    if (shmt_self.call_start != 0) return; /* a call made inside another: the library's own, or a handler's */
    shmt_count_entry *e = shmt_count_slot(id);
    if (e != NULL) __atomic_fetch_add(&e->paused, 1, __ATOMIC_RELAXED);
    else shmt_file_count_dropped(1);
}
