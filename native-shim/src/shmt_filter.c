/*
 * Filters: which functions are excluded. An excluded function's calls must cost little and the recorded calls nothing
 * more: the wrappers are left as they are, and the program's GOT entries for an excluded function are pointed at its
 * exclusion stub (shmt_got.c), which counts the call and jumps to the library.
 *
 * A selector is a function name, a glob (fnmatch: shmem_*_p) or op:OPERATION (the spec's operation: op:query).
 * SHMEMTRACE_INCLUDE, when set, excludes every function it does not select; SHMEMTRACE_EXCLUDE excludes those it
 * selects. Init, finalize and global_exit are always recorded: they start and end the trace.
 */
#define _GNU_SOURCE
#include "shmt_filter.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shmt_counts.h"
#include "shmt_events.h"

static unsigned char excluded[SHMT_EVENT_COUNT];

int shmt_event_id(const char *name)
{
    if (shmt_event_infos == NULL || shmt_ids_by_name == NULL) return -1;
    size_t lo = 0, hi = SHMT_EVENT_COUNT;
    while (lo < hi) { /* a binary search: the generator sorted the ids by name */
        size_t mid = (lo + hi) / 2;
        int c = strcmp(shmt_event_infos[shmt_ids_by_name[mid]].name, name);
        if (c == 0) return shmt_ids_by_name[mid];
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return -1;
}

static int selects(const char *selector, unsigned id)
{
    if (strncmp(selector, "op:", 3) == 0) return strcmp(selector + 3, shmt_event_infos[id].operation) == 0;
    return fnmatch(selector, shmt_event_infos[id].name, 0) == 0;
}

#define SHMT_UNMATCHED_SHOWN 5 /* selectors that select nothing, named one a line; the rest counted in one */

/* Marks (value 1) or clears (0) every function a comma-separated list selects; lines on stderr (PE 0) for the
 * selectors that select nothing: the first few by name, the rest in one line. */
static void apply_list(const char *setting, const char *list, unsigned char value, int pe)
{
    char *copy = strdup(list), *save = NULL;
    if (copy == NULL) return;
    int unmatched = 0;
    for (char *s = strtok_r(copy, ", ", &save); s != NULL; s = strtok_r(NULL, ", ", &save)) {
        int any = 0;
        for (unsigned id = 0; id < SHMT_EVENT_COUNT; id++) {
            if (!selects(s, id)) continue;
            any = 1;
            if (shmt_event_infos[id].excluded != NULL) excluded[id] = value;
        }
        if (!any && unmatched++ < SHMT_UNMATCHED_SHOWN && pe == 0) {
            fprintf(stderr, "shmemtrace: %s: '%s' selects no traced function\n", setting, s);
        }
    }
    if (unmatched > SHMT_UNMATCHED_SHOWN && pe == 0) {
        fprintf(stderr, "shmemtrace: %s: and %d more selectors that select no traced function\n", setting,
                unmatched - SHMT_UNMATCHED_SHOWN);
    }
    free(copy);
}

/* A list setting's value, or NULL when it is unset or empty, or names no selector (",,,": not understood, one line
 * and the default; an include list of none once excluded everything). */
static const char *list_setting(const char *name, const char *default_text, int pe)
{
    const char *list = getenv(name);
    if (list == NULL || *list == '\0') return NULL;
    if (list[strspn(list, ", ")] != '\0') return list;
    if (pe == 0) fprintf(stderr, "shmemtrace: %s=%s: names no function; the default, %s\n", name, list, default_text);
    return NULL;
}

int shmt_filter_select(void)
{
    if (shmt_event_infos == NULL) return 0;
    int pe = shmt_pe();
    const char *include = list_setting(SHMT_ENV_INCLUDE, "every function", pe);
    const char *exclude = list_setting(SHMT_ENV_EXCLUDE, "none", pe);
    if (include == NULL && exclude == NULL) return 0;
    if (include != NULL) {
        for (unsigned id = 0; id < SHMT_EVENT_COUNT; id++) excluded[id] = shmt_event_infos[id].excluded != NULL;
        apply_list(SHMT_ENV_INCLUDE, include, 0, pe);
    }
    if (exclude != NULL) apply_list(SHMT_ENV_EXCLUDE, exclude, 1, pe);
    int count = 0;
    for (unsigned id = 0; id < SHMT_EVENT_COUNT; id++) {
        /* the stub counts into the function's entry: made now, before any call reaches it */
        if (excluded[id] && shmt_count_slot(id) == NULL) excluded[id] = 0;
        count += excluded[id];
    }
    return count;
}

int shmt_filter_excluded(unsigned id)
{
    return id < SHMT_EVENT_COUNT && excluded[id];
}
