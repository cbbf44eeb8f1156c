#ifndef SHMT_UNTRACED_H
#define SHMT_UNTRACED_H

#include "shmt_runtime.h"

/* PE pe (0) writes the SHMEM functions the program imports that this build does not record (shmt_untraced.c). */
void shmt_untraced_write(int pe) SHMT_HIDDEN;

#endif
