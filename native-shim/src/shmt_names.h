/* Region names, each written once per PE into the trace's names blocks (trace-format/FORMAT.md, "Names"). */
#ifndef SHMT_NAMES_H
#define SHMT_NAMES_H

#include <stdint.h>

#include "shmt_runtime.h"

#define SHMT_NO_NAME UINT32_MAX

/* The number of a name (its first SHMT_MAX_NAME bytes; NULL and "" are "(unnamed)"), written to the names block at
 * its first use; SHMT_NO_NAME when it cannot be written (the size limit, a full disk). Past 65,535 names a PE, every new name is
 * "(other regions)".
 * The caller is busy (shmt_enter): a call from a signal handler does not wait for the lock this may take. */
uint32_t shmt_name_number(const char *name) SHMT_HIDDEN;

#endif
