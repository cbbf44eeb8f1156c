/*
 * Filters. An excluded function's calls must cost little and the recorded calls nothing more: the wrappers are left
 * as they are, and instead the program's GOT entries for an excluded function (its PLT slot, or the slot of a call
 * compiled with -fno-plt or of a function pointer taken) are pointed at the function's exclusion stub, which counts
 * the call and jumps to the library. Patched: every object loaded when the trace starts but the shim and the SHMEM
 * library's own; calls from an object loaded later, or through a pointer looked up with dlsym, are still recorded.
 *
 * A selector is a function name, a glob (fnmatch: shmem_*_p) or op:OPERATION (the spec's operation: op:query).
 * SHMEMTRACE_INCLUDE, when set, excludes every function it does not select; SHMEMTRACE_EXCLUDE excludes those it
 * selects. Init, finalize and global_exit are always recorded: they start and end the trace.
 */
#define _GNU_SOURCE
#include "shmt_filter.h"

#include <dlfcn.h>
#include <elf.h>
#include <fnmatch.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "shmt_counts.h"
#include "shmt_events.h"
#include "shmt_modules.h"

#if defined(__x86_64__)
#define JUMP_SLOT R_X86_64_JUMP_SLOT
#define GLOB_DAT R_X86_64_GLOB_DAT
#elif defined(__aarch64__)
#define JUMP_SLOT R_AARCH64_JUMP_SLOT
#define GLOB_DAT R_AARCH64_GLOB_DAT
#endif

static unsigned char excluded[SHMT_EVENT_COUNT];
/* The excluded functions' ids by name (strcmp order), for the relocations' symbol names. */
static unsigned excluded_ids[SHMT_EVENT_COUNT];
static size_t excluded_count;

static int selects(const char *selector, unsigned id)
{
    if (strncmp(selector, "op:", 3) == 0) return strcmp(selector + 3, shmt_event_infos[id].operation) == 0;
    return fnmatch(selector, shmt_event_infos[id].name, 0) == 0;
}

/* Marks (value 1) or clears (0) every function a comma-separated list selects; one line on stderr (PE 0) for a
 * selector that selects nothing. */
static void apply_list(const char *setting, const char *list, unsigned char value, int pe)
{
    char *copy = strdup(list), *save = NULL;
    if (copy == NULL) return;
    for (char *s = strtok_r(copy, ", ", &save); s != NULL; s = strtok_r(NULL, ", ", &save)) {
        int any = 0;
        for (unsigned id = 0; id < SHMT_EVENT_COUNT; id++) {
            if (!selects(s, id)) continue;
            any = 1;
            if (shmt_event_infos[id].excluded != NULL) excluded[id] = value;
        }
        if (!any && pe == 0) fprintf(stderr, "shmemtrace: %s: '%s' selects no traced function\n", setting, s);
    }
    free(copy);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(shmt_event_infos[*(const unsigned *)a].name, shmt_event_infos[*(const unsigned *)b].name);
}

static int excluded_id(const char *name)
{
    size_t lo = 0, hi = excluded_count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(shmt_event_infos[excluded_ids[mid]].name, name);
        if (c == 0) return (int)excluded_ids[mid];
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return -1;
}

typedef struct {
    char library_dir[PATH_MAX];
    uintptr_t shim_base;
    long page;
} patch_scope;

/* A dynamic-section address: glibc relocates most in place, some loaders (and the vdso) leave them as offsets. */
static uintptr_t address(const struct dl_phdr_info *info, ElfW(Addr) v)
{
    return v < info->dlpi_addr ? info->dlpi_addr + v : v;
}

static void write_slot(uintptr_t slot, uintptr_t relro_lo, uintptr_t relro_hi, long page, shmt_stub stub)
{
    int relro = slot >= relro_lo && slot < relro_hi; /* read-only once relocated (RELRO) */
    void *start = (void *)(slot & ~(uintptr_t)(page - 1));
    if (relro && mprotect(start, (size_t)page, PROT_READ | PROT_WRITE) != 0) return;
    __atomic_store_n((shmt_stub *)slot, stub, __ATOMIC_RELAXED);
    if (relro) mprotect(start, (size_t)page, PROT_READ);
}

static void patch_relocations(const struct dl_phdr_info *info, const ElfW(Rela) *rel, size_t bytes,
                              const ElfW(Sym) *symtab, const char *strtab, size_t strsz, uintptr_t relro_lo,
                              uintptr_t relro_hi, long page)
{
    for (size_t i = 0; i < bytes / sizeof *rel; i++) {
        unsigned long type = ELF64_R_TYPE(rel[i].r_info);
        if (type != JUMP_SLOT && type != GLOB_DAT) continue;
        size_t name = symtab[ELF64_R_SYM(rel[i].r_info)].st_name;
        if (name >= strsz || strncmp(strtab + name, "shmem", 5) != 0) continue;
        int id = excluded_id(strtab + name);
        if (id >= 0) write_slot(info->dlpi_addr + rel[i].r_offset, relro_lo, relro_hi, page, shmt_event_infos[id].excluded);
    }
}

static int patch_object(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    patch_scope *scope = arg;
    char real[PATH_MAX];
    const char *path = shmt_object_path(info, real);
    if (path == NULL || path[0] != '/' || info->dlpi_addr == scope->shim_base) return 0;
    if (scope->library_dir[0] && strncmp(path, scope->library_dir, strlen(scope->library_dir)) == 0) return 0;
    const ElfW(Dyn) *dyn = NULL;
    uintptr_t relro_lo = 0, relro_hi = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_DYNAMIC) dyn = (const ElfW(Dyn) *)(info->dlpi_addr + ph->p_vaddr);
        if (ph->p_type == PT_GNU_RELRO) {
            relro_lo = info->dlpi_addr + ph->p_vaddr;
            relro_hi = relro_lo + ph->p_memsz;
        }
    }
    if (dyn == NULL) return 0;
    const ElfW(Sym) *symtab = NULL;
    const char *strtab = NULL;
    const ElfW(Rela) *jmprel = NULL, *rela = NULL;
    size_t strsz = 0, pltrelsz = 0, relasz = 0;
    int plt_is_rela = 1;
    for (; dyn->d_tag != DT_NULL; dyn++) {
        switch (dyn->d_tag) {
        case DT_SYMTAB: symtab = (const void *)address(info, dyn->d_un.d_ptr); break;
        case DT_STRTAB: strtab = (const void *)address(info, dyn->d_un.d_ptr); break;
        case DT_STRSZ: strsz = dyn->d_un.d_val; break;
        case DT_JMPREL: jmprel = (const void *)address(info, dyn->d_un.d_ptr); break;
        case DT_PLTRELSZ: pltrelsz = dyn->d_un.d_val; break;
        case DT_PLTREL: plt_is_rela = dyn->d_un.d_val == DT_RELA; break;
        case DT_RELA: rela = (const void *)address(info, dyn->d_un.d_ptr); break;
        case DT_RELASZ: relasz = dyn->d_un.d_val; break;
        default: break;
        }
    }
    if (symtab == NULL || strtab == NULL) return 0;
    if (jmprel != NULL && plt_is_rela) {
        patch_relocations(info, jmprel, pltrelsz, symtab, strtab, strsz, relro_lo, relro_hi, scope->page);
    }
    if (rela != NULL) patch_relocations(info, rela, relasz, symtab, strtab, strsz, relro_lo, relro_hi, scope->page);
    return 0;
}

void shmt_filter_apply(void)
{
    const char *include = getenv(SHMT_ENV_INCLUDE), *exclude = getenv(SHMT_ENV_EXCLUDE);
    int any_setting = (include != NULL && *include) || (exclude != NULL && *exclude);
    if (!any_setting || shmt_event_infos == NULL) return;
#if !defined(JUMP_SLOT)
    fprintf(stderr, "shmemtrace: %s and %s are not supported on this architecture: every call is recorded\n",
            SHMT_ENV_INCLUDE, SHMT_ENV_EXCLUDE);
    return;
#else
    int pe = ((int (*)(void))shmt_resolve("shmem_my_pe"))();
    if (include != NULL && *include) {
        for (unsigned id = 0; id < SHMT_EVENT_COUNT; id++) excluded[id] = shmt_event_infos[id].excluded != NULL;
        apply_list(SHMT_ENV_INCLUDE, include, 0, pe);
    }
    if (exclude != NULL && *exclude) apply_list(SHMT_ENV_EXCLUDE, exclude, 1, pe);
    excluded_count = 0;
    for (unsigned id = 0; id < SHMT_EVENT_COUNT; id++) {
        /* the stub counts into the function's entry: made now, before any call reaches it */
        if (excluded[id] && shmt_count_slot(id) != NULL) excluded_ids[excluded_count++] = id;
    }
    if (excluded_count == 0) return;
    qsort(excluded_ids, excluded_count, sizeof excluded_ids[0], by_name);
    patch_scope *scope = calloc(1, sizeof *scope);
    if (scope == NULL) return;
    shmt_library_dir(scope->library_dir);
    Dl_info self;
    if (dladdr((void *)shmt_filter_apply, &self)) scope->shim_base = (uintptr_t)self.dli_fbase;
    scope->page = sysconf(_SC_PAGESIZE);
    dl_iterate_phdr(patch_object, scope);
    free(scope);
#endif
}
