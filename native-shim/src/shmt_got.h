/* Pointing the program's GOT entries for a function at a stub of the shim's (shmt_got.c). */
#ifndef SHMT_GOT_H
#define SHMT_GOT_H

#include "shmt_filter.h"

/* Once, when the trace has started: every GOT entry of the program's objects for a function the shim wraps gets
 * stub_for(its id) (stub_for may be NULL), unless that is NULL; one already bound into the SHMEM library gets what
 * the global lookup finds. -1 where it cannot be done (another architecture than x86-64 and AArch64). */
int shmt_got_patch(shmt_stub (*stub_for)(unsigned id)) SHMT_HIDDEN;

/* At the end: bypassed(object, a function) once for each object whose PLT slots were bound into the SHMEM library
 * past the shim since the start (an object opened with RTLD_DEEPBIND after shmem_init). */
void shmt_got_find_bypasses(void (*bypassed)(const char *object, const char *function)) SHMT_HIDDEN;

#endif
