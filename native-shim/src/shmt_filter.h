/* SHMEMTRACE_EXCLUDE and SHMEMTRACE_INCLUDE: functions whose calls are counted, not recorded (shmt_filter.c). */
#ifndef SHMT_FILTER_H
#define SHMT_FILTER_H

#include "shmt_runtime.h"

typedef void (*shmt_stub)(void);

/* Per event id (generated: shmt_event_infos.c): the function's name, its operation as event-spec.xml spells it
 * ("put", "query", ...), and its exclusion stub, NULL for a call that is always recorded (init, finalize,
 * global_exit). */
typedef struct shmt_event_info {
    const char *name;
    const char *operation;
    shmt_stub excluded;
} shmt_event_info;

/* Generated with the wrappers; weak, so that the format's test writers link without them. */
extern const shmt_event_info shmt_event_infos[] __attribute__((weak)) SHMT_HIDDEN;

/* Reads the settings and, when some function is excluded, points the program's calls of it at its exclusion stub
 * (once, when the trace has started). */
void shmt_filter_apply(void) SHMT_HIDDEN;

#endif
