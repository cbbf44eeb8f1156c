/*
 * Pointing the program's calls of a function elsewhere: its PLT slots (JUMP_SLOT relocations) get the address of a
 * stub of the shim's (an exclusion stub, a profile stub). Patched: every object loaded when the trace starts but the
 * shim and the SHMEM library's own (the library's own calls are not the program's). The GOT slots of addresses
 * (GLOB_DAT: a function pointer taken, `&shmem_quiet` in a position-independent program, and the calls of code built
 * with -fno-plt) are left alone: a function keeps one address, before and after shmem_init and the same as dlsym's,
 * for a program that compares function pointers. Calls through them, from an object loaded later, or through a
 * pointer looked up with dlsym reach the wrappers: profiled there too (their general path), recorded when excluded.
 *
 * An object opened with RTLD_DEEPBIND looks its symbols up in its own dependencies first, the SHMEM library among
 * them, and its calls pass the shim by. A PLT slot already bound into the library when the trace starts is pointed
 * where the process's global lookup leads (the shim's wrapper, or the program's own definition); one that binds
 * there later is found at the end and said.
 */
#define _GNU_SOURCE
#include "shmt_got.h"

#include <dlfcn.h>
#include <elf.h>
#include <limits.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "shmt_events.h"
#include "shmt_modules.h"

#if defined(__x86_64__)
#define JUMP_SLOT R_X86_64_JUMP_SLOT
#elif defined(__aarch64__)
#define JUMP_SLOT R_AARCH64_JUMP_SLOT
#endif

#if defined(JUMP_SLOT)
typedef struct patch_scope patch_scope;
/* What is done with a PLT slot of a function the shim wraps (id), in an object the scope covers. */
typedef void (*slot_visitor)(const struct dl_phdr_info *info, const char *path, uintptr_t slot, unsigned id,
                             uintptr_t relro_lo, uintptr_t relro_hi, patch_scope *scope);

struct patch_scope {
    char library_dir[PATH_MAX];
    uintptr_t shim_base;
    uintptr_t library_base; /* the SHMEM library's (the object of its shmem_init) */
    long page;
    shmt_stub (*stub_for)(unsigned id);
    slot_visitor visit;
    void (*bypassed)(const char *object, const char *function); /* bypass_visitor's report, once an object */
    uintptr_t last_bypassing; /* the base of the object last reported */
};

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

/* Whether a slot's value is a function of the SHMEM library's own: bound past the shim. */
static int bound_into_library(uintptr_t slot, const patch_scope *scope)
{
    Dl_info at;
    return scope->library_base != 0 && dladdr(*(void **)slot, &at) && (uintptr_t)at.dli_fbase == scope->library_base;
}

/* At the start: the mode's stub; else, for a slot bound into the library, the global lookup's function. */
static void patch_visitor(const struct dl_phdr_info *info, const char *path, uintptr_t slot, unsigned id,
                          uintptr_t relro_lo, uintptr_t relro_hi, patch_scope *scope)
{
    (void)info, (void)path;
    shmt_stub stub = scope->stub_for != NULL ? scope->stub_for(id) : NULL;
    if (stub == NULL && bound_into_library(slot, scope)) stub = (shmt_stub)dlsym(RTLD_DEFAULT, shmt_event_infos[id].name);
    if (stub != NULL) write_slot(slot, relro_lo, relro_hi, scope->page, stub);
}

/* At the end: a slot bound into the library since, reported once for its object. */
static void bypass_visitor(const struct dl_phdr_info *info, const char *path, uintptr_t slot, unsigned id,
                           uintptr_t relro_lo, uintptr_t relro_hi, patch_scope *scope)
{
    (void)info, (void)relro_lo, (void)relro_hi;
    if (scope->last_bypassing == info->dlpi_addr || !bound_into_library(slot, scope)) return;
    scope->last_bypassing = info->dlpi_addr;
    scope->bypassed(path, shmt_event_infos[id].name);
}

static void visit_relocations(const struct dl_phdr_info *info, const char *path, const ElfW(Rela) *rel, size_t bytes,
                              const ElfW(Sym) *symtab, const char *strtab, size_t strsz, uintptr_t relro_lo,
                              uintptr_t relro_hi, patch_scope *scope)
{
    for (size_t i = 0; i < bytes / sizeof *rel; i++) {
        unsigned long type = ELF64_R_TYPE(rel[i].r_info);
        if (type != JUMP_SLOT) continue;
        size_t name = symtab[ELF64_R_SYM(rel[i].r_info)].st_name;
        if (name >= strsz) continue;
        int id = shmt_event_id(strtab + name); /* the pre-1.0 names too (shmalloc, _my_pe, start_pes) */
        if (id >= 0) scope->visit(info, path, info->dlpi_addr + rel[i].r_offset, (unsigned)id, relro_lo, relro_hi, scope);
    }
}

static int visit_object(struct dl_phdr_info *info, size_t size, void *arg)
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
    const ElfW(Rela) *jmprel = NULL;
    size_t strsz = 0, pltrelsz = 0;
    int plt_is_rela = 1;
    for (; dyn->d_tag != DT_NULL; dyn++) {
        switch (dyn->d_tag) {
        case DT_SYMTAB: symtab = (const void *)address(info, dyn->d_un.d_ptr); break;
        case DT_STRTAB: strtab = (const void *)address(info, dyn->d_un.d_ptr); break;
        case DT_STRSZ: strsz = dyn->d_un.d_val; break;
        case DT_JMPREL: jmprel = (const void *)address(info, dyn->d_un.d_ptr); break;
        case DT_PLTRELSZ: pltrelsz = dyn->d_un.d_val; break;
        case DT_PLTREL: plt_is_rela = dyn->d_un.d_val == DT_RELA; break;
        default: break;
        }
    }
    if (symtab == NULL || strtab == NULL) return 0;
    if (jmprel != NULL && plt_is_rela) {
        visit_relocations(info, path, jmprel, pltrelsz, symtab, strtab, strsz, relro_lo, relro_hi, scope);
    }
    return 0;
}

#endif

#if defined(JUMP_SLOT)
static patch_scope *new_scope(void)
{
    if (shmt_event_infos == NULL) return NULL;
    patch_scope *scope = calloc(1, sizeof *scope);
    if (scope == NULL) return NULL;
    shmt_library_dir(scope->library_dir);
    Dl_info self;
    if (dladdr((void *)new_scope, &self)) scope->shim_base = (uintptr_t)self.dli_fbase;
    void *init = dlsym(RTLD_NEXT, "shmem_init");
    if (init != NULL && dladdr(init, &self)) scope->library_base = (uintptr_t)self.dli_fbase;
    scope->page = sysconf(_SC_PAGESIZE);
    return scope;
}
#endif

int shmt_got_patch(shmt_stub (*stub_for)(unsigned id))
{
#if !defined(JUMP_SLOT)
    (void)stub_for;
    return -1;
#else
    patch_scope *scope = new_scope();
    if (scope == NULL) return -1;
    scope->stub_for = stub_for;
    scope->visit = patch_visitor;
    dl_iterate_phdr(visit_object, scope);
    free(scope);
    return 0;
#endif
}

void shmt_got_find_bypasses(void (*bypassed)(const char *object, const char *function))
{
#if defined(JUMP_SLOT)
    patch_scope *scope = new_scope();
    if (scope == NULL) return;
    scope->visit = bypass_visitor;
    scope->bypassed = bypassed;
    dl_iterate_phdr(visit_object, scope);
    free(scope);
#else
    (void)bypassed;
#endif
}
