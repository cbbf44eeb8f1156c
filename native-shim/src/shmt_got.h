/* Pointing the program's GOT entries for a function at a stub of the shim's (shmt_got.c). */
#ifndef SHMT_GOT_H
#define SHMT_GOT_H

#include "shmt_filter.h"

/* Once, when the trace has started: every GOT entry of the program's objects for a function the shim wraps gets
 * stub_for(its id), unless that is NULL. -1 where it cannot be done (another architecture than x86-64 and AArch64). */
int shmt_got_patch(shmt_stub (*stub_for)(unsigned id)) SHMT_HIDDEN;

#endif
