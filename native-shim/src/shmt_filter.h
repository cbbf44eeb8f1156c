/* SHMEMTRACE_EXCLUDE and SHMEMTRACE_INCLUDE: functions whose calls are counted, not recorded (shmt_filter.c). */
#ifndef SHMT_FILTER_H
#define SHMT_FILTER_H

#include "shmt_runtime.h"

typedef void (*shmt_stub)(void);

/* Per event id (generated: shmt_event_infos.c): the function's name, its operation as event-spec.xml spells it
 * ("put", "query", ...), and its stubs (shmt_got.c), NULL for a call that is always recorded by its wrapper (init,
 * finalize, global_exit): the exclusion stub, and the profile stub (SHMEMTRACE_MODE=profile). */
typedef struct shmt_event_info {
    const char *name;
    const char *operation;
    shmt_stub excluded;
    shmt_stub profiled;
} shmt_event_info;

/* Generated with the wrappers; weak, so that the format's test writers link without them. shmt_ids_by_name: every
 * id, in the order of its function's name (strcmp). */
extern const shmt_event_info shmt_event_infos[] __attribute__((weak)) SHMT_HIDDEN;
extern const unsigned short shmt_ids_by_name[] __attribute__((weak)) SHMT_HIDDEN;

/* The event id of the function the shim wraps under this name; -1 for any other name (or without the tables). */
int shmt_event_id(const char *name) SHMT_HIDDEN;

/* Reads SHMEMTRACE_INCLUDE and SHMEMTRACE_EXCLUDE (once, when the trace has started): how many functions are
 * excluded (their count entries made, for their stubs). */
int shmt_filter_select(void) SHMT_HIDDEN;

/* Whether function id is excluded (after shmt_filter_select). */
int shmt_filter_excluded(unsigned id) SHMT_HIDDEN;

#endif
