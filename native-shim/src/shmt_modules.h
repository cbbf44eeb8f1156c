/* A PE's module map (trace-format/FORMAT.md, "Call sites"): which object each code address belongs to, so
 * that the tools can name a call site's function and line offline. */
#ifndef SHMT_MODULES_H
#define SHMT_MODULES_H

#include <link.h>

/* A loaded object's path as the tools take it (the program's from /proc/self/exe; absolute paths made real), into
 * real (PATH_MAX bytes); a name such as the vdso's, or a path realpath cannot resolve, as it is; NULL for a
 * program whose path cannot be read. */
const char *shmt_object_path(const struct dl_phdr_info *info, char *real) __attribute__((visibility("hidden")));

/* The SHMEM library's directory, with a final '/', into dir (PATH_MAX bytes); "" when unknown. The objects in it or
 * below are the library's own (its plugins call its internals): what the program imports is read from the others. */
void shmt_library_dir(char *dir) __attribute__((visibility("hidden")));

/* Writes DIR/peNNNNN.modules (through a temporary file renamed over it); 0, or -1 after one warning. */
int shmt_modules_write(const char *trace_path, int pe);

#endif
