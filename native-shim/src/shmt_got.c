/*
 * Pointing the program's calls of a function elsewhere: its PLT slots (JUMP_SLOT relocations) get the address of a
 * stub of the shim's (an exclusion stub, a profile stub). Patched: every object loaded when the trace starts but the
 * shim and the SHMEM library's own (the library's own calls are not the program's). The GOT slots of addresses
 * (GLOB_DAT: a function pointer taken, `&shmem_quiet` in a position-independent program, and the calls of code built
 * with -fno-plt) are left alone: a function keeps one address, before and after shmem_init and the same as dlsym's,
 * for a program that compares function pointers. Calls through them, from an object loaded later, or through a
 * pointer looked up with dlsym reach the wrappers: profiled there too (their general path), recorded when excluded.
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
typedef struct {
    char library_dir[PATH_MAX];
    uintptr_t shim_base;
    long page;
    shmt_stub (*stub_for)(unsigned id);
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
                              uintptr_t relro_hi, const patch_scope *scope)
{
    for (size_t i = 0; i < bytes / sizeof *rel; i++) {
        unsigned long type = ELF64_R_TYPE(rel[i].r_info);
        if (type != JUMP_SLOT) continue;
        size_t name = symtab[ELF64_R_SYM(rel[i].r_info)].st_name;
        if (name >= strsz) continue;
        int id = shmt_event_id(strtab + name); /* the pre-1.0 names too (shmalloc, _my_pe, start_pes) */
        shmt_stub stub = id >= 0 ? scope->stub_for((unsigned)id) : NULL;
        if (stub != NULL) write_slot(info->dlpi_addr + rel[i].r_offset, relro_lo, relro_hi, scope->page, stub);
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
        patch_relocations(info, jmprel, pltrelsz, symtab, strtab, strsz, relro_lo, relro_hi, scope);
    }
    return 0;
}

#endif

int shmt_got_patch(shmt_stub (*stub_for)(unsigned id))
{
#if !defined(JUMP_SLOT)
    (void)stub_for;
    return -1;
#else
    if (shmt_event_infos == NULL) return -1;
    patch_scope *scope = calloc(1, sizeof *scope);
    if (scope == NULL) return -1;
    shmt_library_dir(scope->library_dir);
    Dl_info self;
    if (dladdr((void *)shmt_got_patch, &self)) scope->shim_base = (uintptr_t)self.dli_fbase;
    scope->page = sysconf(_SC_PAGESIZE);
    scope->stub_for = stub_for;
    dl_iterate_phdr(patch_object, scope);
    free(scope);
    return 0;
#endif
}
