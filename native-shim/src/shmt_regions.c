/* The program's own marks (native-shim/include/shmemtrace.h): regions and marks, recorded as events of their own
 * (trace-format/FORMAT.md, "Regions"), and pausing and resuming the trace. A paused stretch is itself a region,
 * SHMT_PAUSED_REGION, so that every tool sees where calls were counted instead of recorded. Region records are made
 * while paused too: the program's structure stays whole, and they are few. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shmt_names.h"
#include "shmt_profile.h"
#include "shmt_runtime.h"
#include "shmt_trace_file.h"

#define SHMT_PUBLIC __attribute__((visibility("default")))

static const char *start_region; /* SHMEMTRACE_START: paused until a region of this name begins */
/* Region, mark, pause and resume calls made by a signal handler while its thread was inside a SHMEM call: their
 * record cannot be written then (the interrupted call owns the thread's block). They are left out and said at the
 * end; they are not calls of the program's SHMEM, so the trace stays whole (a region's end without its begin is
 * ignored by the readers, a begin without its end closes with the thread). */
static uint64_t from_handlers;

/* The thread, busy, for a region call; NULL when it is not to be recorded (a call from a handler counted). */
static shmt_thread *enter_mark(unsigned id)
{
    if (shmt_active != SHMT_OFF && __atomic_load_n(&shmt_self.call_start, __ATOMIC_RELAXED) != 0) {
        __atomic_fetch_add(&from_handlers, 1, __ATOMIC_RELAXED);
        return NULL;
    }
    return shmt_enter(0, id, 0);
}

void shmt_regions_say_lost(int pe)
{
    uint64_t lost = __atomic_load_n(&from_handlers, __ATOMIC_RELAXED);
    if (lost) {
        fprintf(stderr, "shmemtrace: PE %d: %llu region, mark, pause or resume call%s made by a signal handler during"
                " a SHMEM call %s not recorded\n", pe, (unsigned long long)lost, lost == 1 ? "" : "s",
                lost == 1 ? "was" : "were");
    }
}

/* A region record of this thread (busy) at the present time; in profile mode, the region's entries. */
static void record(shmt_thread *t, unsigned id, const char *name, const void *site)
{
    uint32_t number = shmt_name_number(name);
    if (number == SHMT_NO_NAME) {
        shmt_file_count_dropped(1);
        return;
    }
    uint64_t now = shmt_now();
    if (shmt_profiling) {
        shmt_profile_region(t, id, number, now);
        return;
    }
    shmt_reserve_at(t, now);
    uint8_t *r = shmt_record(t);
    uint8_t *p = shmt_event_begin(t, r, id, now, now, 0);
    p = shmt_put_site(t, p, site, 0);
    p = shmt_put_uvar(p, number);
    shmt_publish(t, r, p, id);
}

static void pause_here(shmt_thread *t, const void *site)
{
    if (shmt_active != SHMT_TRACING) return;
    record(t, SHMT_REGION_BEGIN_EVENT_ID, SHMT_PAUSED_REGION, site);
    shmt_set_paused(t, 1);
}

static void resume_here(shmt_thread *t, const void *site)
{
    start_region = NULL;
    if (shmt_active != SHMT_PAUSED) return;
    shmt_set_paused(t, 0);
    record(t, SHMT_REGION_END_EVENT_ID, SHMT_PAUSED_REGION, site);
}

SHMT_PUBLIC void shmemtrace_region_begin(const char *name)
{
    shmt_thread *t = enter_mark(SHMT_REGION_BEGIN_EVENT_ID);
    if (t == NULL) return;
    if (SHMT_UNLIKELY(start_region != NULL) && name != NULL && strcmp(name, start_region) == 0) {
        resume_here(t, SHMT_CALLSITE);
    }
    record(t, SHMT_REGION_BEGIN_EVENT_ID, name, SHMT_CALLSITE);
    shmt_leave(t);
}

SHMT_PUBLIC void shmemtrace_region_end(const char *name)
{
    shmt_thread *t = enter_mark(SHMT_REGION_END_EVENT_ID);
    if (t == NULL) return;
    record(t, SHMT_REGION_END_EVENT_ID, name, SHMT_CALLSITE);
    shmt_leave(t);
}

SHMT_PUBLIC void shmemtrace_mark(const char *name)
{
    shmt_thread *t = enter_mark(SHMT_MARK_EVENT_ID);
    if (t == NULL) return;
    record(t, SHMT_MARK_EVENT_ID, name, SHMT_CALLSITE);
    shmt_leave(t);
}

SHMT_PUBLIC void shmemtrace_pause(void)
{
    shmt_thread *t = enter_mark(SHMT_REGION_BEGIN_EVENT_ID);
    if (t == NULL) return;
    pause_here(t, SHMT_CALLSITE);
    shmt_leave(t);
}

SHMT_PUBLIC void shmemtrace_resume(void)
{
    shmt_thread *t = enter_mark(SHMT_REGION_END_EVENT_ID);
    if (t == NULL) return;
    resume_here(t, SHMT_CALLSITE);
    shmt_leave(t);
}

void shmt_start_paused(void)
{
    const char *start = getenv(SHMT_ENV_START);
    if (start == NULL || *start == '\0') return;
    shmt_thread *t = shmt_enter(0, SHMT_REGION_BEGIN_EVENT_ID, 0);
    if (t == NULL) return;
    start_region = strdup(start);
    pause_here(t, SHMT_CALLSITE);
    shmt_leave(t);
}
