/* The program's own marks (native-shim/include/shmemtrace.h): regions and marks, recorded as events of their own
 * (trace-format/FORMAT.md, "Regions"), and pausing and resuming the trace. A paused stretch is itself a region,
 * SHMT_PAUSED_REGION, so that every tool sees where calls were counted instead of recorded. Region records are made
 * while paused too: the program's structure stays whole, and they are few. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "shmt_names.h"
#include "shmt_profile.h"
#include "shmt_runtime.h"
#include "shmt_trace_file.h"

#define SHMT_PUBLIC __attribute__((visibility("default")))

static const char *start_region; /* SHMEMTRACE_START: paused until a region of this name begins */

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
    shmt_thread *t = shmt_enter(0, SHMT_REGION_BEGIN_EVENT_ID, 0);
    if (t == NULL) return;
    if (SHMT_UNLIKELY(start_region != NULL) && name != NULL && strcmp(name, start_region) == 0) {
        resume_here(t, SHMT_CALLSITE);
    }
    record(t, SHMT_REGION_BEGIN_EVENT_ID, name, SHMT_CALLSITE);
    shmt_leave(t);
}

SHMT_PUBLIC void shmemtrace_region_end(const char *name)
{
    shmt_thread *t = shmt_enter(0, SHMT_REGION_END_EVENT_ID, 0);
    if (t == NULL) return;
    record(t, SHMT_REGION_END_EVENT_ID, name, SHMT_CALLSITE);
    shmt_leave(t);
}

SHMT_PUBLIC void shmemtrace_mark(const char *name)
{
    shmt_thread *t = shmt_enter(0, SHMT_MARK_EVENT_ID, 0);
    if (t == NULL) return;
    record(t, SHMT_MARK_EVENT_ID, name, SHMT_CALLSITE);
    shmt_leave(t);
}

SHMT_PUBLIC void shmemtrace_pause(void)
{
    shmt_thread *t = shmt_enter(0, SHMT_REGION_BEGIN_EVENT_ID, 0);
    if (t == NULL) return;
    pause_here(t, SHMT_CALLSITE);
    shmt_leave(t);
}

SHMT_PUBLIC void shmemtrace_resume(void)
{
    shmt_thread *t = shmt_enter(0, SHMT_REGION_END_EVENT_ID, 0);
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
