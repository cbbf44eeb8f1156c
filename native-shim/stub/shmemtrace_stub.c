/* libshmemtrace-stub.so: shmemtrace.h's functions doing nothing, for programs linked against them
 * (-DSHMEMTRACE_NO_WEAK -lshmemtrace-stub). Under the tracer, the preloaded libshmemtrace.so's come first. */
#define SHMEMTRACE_NO_WEAK 1
#include "shmemtrace.h"

void shmemtrace_region_begin(const char *name) { (void)name; }
void shmemtrace_region_end(const char *name) { (void)name; }
void shmemtrace_mark(const char *name) { (void)name; }
void shmemtrace_pause(void) {}
void shmemtrace_resume(void) {}
