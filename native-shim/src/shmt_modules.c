/* The module map: one line per loaded object with executable code, from dl_iterate_phdr. */
#define _GNU_SOURCE
#include "shmt_modules.h"

#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shmt_format.h"
#include "shmt_trace_file.h"

/* The GNU build id of an object, as hex into out (at least 41 bytes), or "-" when it has none. */
static void build_id(const struct dl_phdr_info *info, char *out, size_t len)
{
    snprintf(out, len, "-");
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_NOTE) continue;
        const uint8_t *p = (const uint8_t *)(info->dlpi_addr + ph->p_vaddr), *end = p + ph->p_memsz;
        while (p + sizeof(ElfW(Nhdr)) <= end) {
            const ElfW(Nhdr) *note = (const ElfW(Nhdr) *)(const void *)p;
            const uint8_t *name = p + sizeof *note;
            const uint8_t *desc = name + ((note->n_namesz + 3) & ~3u);
            if (desc + note->n_descsz > end) break;
            if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 && memcmp(name, "GNU", 4) == 0) {
                size_t n = 0;
                for (uint32_t k = 0; k < note->n_descsz && n + 3 <= len; k++) n += (size_t)sprintf(out + n, "%02x", desc[k]);
                return;
            }
            p = desc + ((note->n_descsz + 3) & ~3u);
        }
    }
}

const char *shmt_object_path(const struct dl_phdr_info *info, char *real)
{
    char path[PATH_MAX];
    const char *name = info->dlpi_name;
    if (name == NULL || *name == '\0') { /* the program itself */
        ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
        if (n <= 0) return NULL;
        path[n] = '\0';
        name = path;
    }
    /* The path as the loader got it may hold "." or ".." (LD_PRELOAD=dist/bin/../lib/...): the tools take only
     * clean absolute paths (and names such as the vdso's), so the map gives the object's real path. */
    if (strchr(name, '/') != NULL && realpath(name, real) != NULL) return real; /* dlopen("./lib.so") too */
    snprintf(real, PATH_MAX, "%s", name); /* as given: a name (the vdso's), or a path that is gone */
    return real;
}

void shmt_library_dir(char *dir)
{
    Dl_info lib;
    char real[PATH_MAX];
    dir[0] = '\0';
    void *init = dlsym(RTLD_NEXT, "shmem_init"); /* the library's, after the shim; none in the format's test writers */
    if (init && dladdr(init, &lib) && lib.dli_fname && realpath(lib.dli_fname, real)) {
        char *slash = strrchr(real, '/');
        if (slash) {
            slash[1] = '\0';
            snprintf(dir, PATH_MAX, "%s", real);
        }
    }
}

static int write_module(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    FILE *out = arg;
    char real[PATH_MAX];
    const char *name = shmt_object_path(info, real);
    if (name == NULL) return 0;
    char id[2 * 64 + 1];
    build_id(info, id, sizeof id);
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X)) continue;
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
        fprintf(out, "%#lx\t%#lx\t%#lx\t%s\t%s\n", (unsigned long)lo, (unsigned long)(lo + ph->p_memsz),
                (unsigned long)info->dlpi_addr, id, name);
    }
    return 0;
}

/* One warning per PE: the map is written at start and again at the end. */
static int warned;

int shmt_modules_write(const char *trace_path, int pe)
{
    char name[64], tmp[80];
    snprintf(name, sizeof name, SHMT_MODULES_FILE, pe);
    snprintf(tmp, sizeof tmp, "%s.tmp", name);
    int dir = shmt_file_dir();
    FILE *out;
    if (shmt_file_create_in_dir(tmp, &out) != 0) {
        if (warned++) return -1;
        fprintf(stderr, "shmemtrace: %s: cannot write the module map (%s.tmp: %s); call sites stay unnamed\n",
                trace_path, name, strerror(errno));
        return -1;
    }
    fprintf(out, "# shmemtrace modules 1: code start, code end, load bias, build id, path\n");
    dl_iterate_phdr(write_module, out);
    int failed = fclose(out) != 0;
    /* Replaces the map written at start (or whatever is named so: renameat replaces a symlink, never follows it). */
    if (failed || renameat(dir, tmp, dir, name) != 0) {
        if (!warned++) {
            fprintf(stderr, "shmemtrace: %s: cannot write the module map (%s); call sites stay unnamed\n",
                    trace_path, name);
        }
        unlinkat(dir, tmp, 0);
        return -1;
    }
    return 0;
}
