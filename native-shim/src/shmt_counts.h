/* Calls counted, not recorded (trace-format/FORMAT.md, "Counts"): per function, in the trace file's counts blocks. */
#ifndef SHMT_COUNTS_H
#define SHMT_COUNTS_H

#include "shmt_runtime.h"

/* Function id's entry, made on first use (a new counts block when the last is full); NULL when no block can be
 * had (the size limit, a full disk): the call is then counted as dropped. */
shmt_count_entry *shmt_count_slot(unsigned id) SHMT_HIDDEN;

#endif
