/* The SHMEM functions the program imports that this build does not record: read from the dynamic symbol table of
 * every object loaded but the SHMEM library's own (those in its directory or below: its plugins call its internals),
 * their undefined shmem and shmemx symbols that the shim does not wrap (shmt_event_id). Written by PE 0 beside its trace, so that the reports can say which calls count as computing
 * because nothing recorded them. Best effort: a failure costs the list, never the trace. */
#define _GNU_SOURCE
#include "shmt_untraced.h"

#include <elf.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shmt_filter.h"
#include "shmt_format.h"
#include "shmt_modules.h"
#include "shmt_trace_file.h"

#define MAX_NAMES 4096

typedef struct {
    const char *names[MAX_NAMES]; /* strdup'ed */
    int count;
    char library_dir[PATH_MAX]; /* the SHMEM library's directory, with a final '/'; "" when unknown */
} name_set;

/* Whether the shim wraps name; every name when it has no tables (the format's test writers list nothing). */
static int wrapped(const char *name)
{
    return shmt_event_infos == NULL || shmt_event_id(name) >= 0;
}

static int is_shmem_name(const char *s)
{
    return strncmp(s, "shmem_", 6) == 0 || strncmp(s, "shmemx_", 7) == 0;
}

static void add(name_set *set, const char *name)
{
    for (int i = 0; i < set->count; i++) if (strcmp(set->names[i], name) == 0) return;
    if (set->count < MAX_NAMES) {
        char *copy = strdup(name);
        if (copy) set->names[set->count++] = copy;
    }
}

/* The undefined SHMEM symbols of one ELF64 file not wrapped here, into set. Every offset checked against the file. */
static void scan_file(const char *path, name_set *set)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < (off_t)sizeof(Elf64_Ehdr)) {
        close(fd);
        return;
    }
    size_t size = (size_t)st.st_size;
    const uint8_t *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED) return;
    const Elf64_Ehdr *eh = (const void *)map;
    if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
        eh->e_shentsize != sizeof(Elf64_Shdr) || eh->e_shoff > size ||
        (size - eh->e_shoff) / sizeof(Elf64_Shdr) < eh->e_shnum) {
        munmap((void *)map, size);
        return;
    }
    const Elf64_Shdr *sh = (const void *)(map + eh->e_shoff);
    for (int i = 0; i < eh->e_shnum; i++) {
        if (sh[i].sh_type != SHT_DYNSYM || sh[i].sh_link >= eh->e_shnum) continue;
        const Elf64_Shdr *strs = &sh[sh[i].sh_link];
        if (sh[i].sh_offset > size || sh[i].sh_size > size - sh[i].sh_offset || strs->sh_offset > size ||
            strs->sh_size > size - strs->sh_offset || strs->sh_size == 0) {
            continue;
        }
        const Elf64_Sym *sym = (const void *)(map + sh[i].sh_offset);
        const char *str = (const char *)(map + strs->sh_offset);
        size_t n = sh[i].sh_size / sizeof(Elf64_Sym);
        for (size_t k = 0; k < n; k++) {
            if (sym[k].st_shndx != SHN_UNDEF || sym[k].st_name >= strs->sh_size) continue;
            const char *name = str + sym[k].st_name;
            if (memchr(name, '\0', strs->sh_size - sym[k].st_name) == NULL) continue;
            if (is_shmem_name(name) && !wrapped(name)) add(set, name);
        }
    }
    munmap((void *)map, size);
}

static int scan_object(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    name_set *set = arg;
    char real[PATH_MAX];
    const char *path = shmt_object_path(info, real);
    if (path == NULL || path[0] != '/') return 0; /* the vdso: no file */
    if (set->library_dir[0] && strncmp(path, set->library_dir, strlen(set->library_dir)) == 0) return 0;
    scan_file(path, set);
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void shmt_untraced_write(int pe)
{
    name_set *set = calloc(1, sizeof *set);
    if (set == NULL) return;
    shmt_library_dir(set->library_dir);
    dl_iterate_phdr(scan_object, set);
    if (set->count > 0) {
        qsort(set->names, (size_t)set->count, sizeof set->names[0], by_name);
        char file[64];
        snprintf(file, sizeof file, SHMT_UNTRACED_FILE, pe);
        FILE *out;
        if (shmt_file_create_in_dir(file, &out) == 0) {
            for (int i = 0; i < set->count; i++) fprintf(out, "%s\n", set->names[i]);
            fclose(out);
        }
    }
    for (int i = 0; i < set->count; i++) free((void *)set->names[i]);
    free(set);
}
