/* Memory for the shim's own state, taken from the kernel, never from malloc: a SHMEM call made from a signal handler
 * that interrupted the program inside malloc must not wait for malloc's lock (the program would hang), and
 * mmap/munmap are async-signal-safe. Zero-filled; only the pages touched count against the program's memory. */
#ifndef SHMT_PAGES_H
#define SHMT_PAGES_H

#include <stddef.h>
#include <sys/mman.h>

/* size zero-filled bytes, or NULL. */
static inline void *shmt_pages_alloc(size_t size)
{
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

static inline void shmt_pages_free(void *p, size_t size)
{
    if (p != NULL) munmap(p, size);
}

#endif
