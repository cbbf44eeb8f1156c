#define _GNU_SOURCE
#include "shmt_trace_file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shmt_crc32c.h"
#include "shmt_format.h"
#include "shmt_profile.h"
#include "shmt_settings.h"

extern const unsigned char shmt_event_table[];
extern const unsigned shmt_event_table_len;  /* as stored: deflated at build time (FORMAT.md) */
extern const unsigned shmt_event_table_size; /* inflated */

static int fd = -1;
static int dir_fd = -1;           /* the trace directory, checked once: every file is created in it */
static struct stat fd_is, dir_is; /* what fd and dir_fd were opened on: checked before each use */
static uint8_t *header;           /* header + event table, mapped for the whole run */
static size_t header_map_size;
static size_t block_size = SHMT_DEFAULT_BLOCK_SIZE;
static uint64_t max_bytes = SHMT_DEFAULT_MAX_BYTES;
static atomic_int capped;
static atomic_int failed; /* a block could not be had (disk full, no mapping): none is asked for again */
static atomic_uint blocks_had; /* blocks reserved and mapped (the header's count includes one that failed) */
static char path[PATH_MAX];
static atomic_int warned;

static void refuse(const char *why)
{
    if (atomic_exchange(&warned, 1)) return; /* one warning per PE, whatever else fails */
    fprintf(stderr, "shmemtrace: %s: %s; tracing disabled for this PE\n", path, why);
}

static void warn(const char *what)
{
    char why[256];
    snprintf(why, sizeof why, "%s: %s", what, strerror(errno));
    refuse(why);
}

static void put16(uint8_t *p, uint16_t v) { memcpy(p, &v, 2); }
static void put32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static void put64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }

/* Whether path is a symbolic link another user made (root's, and the user's own, are trusted): one such link at any
 * level of the trace directory's path would let that user decide where the traces are written. */
static int foreign_link(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode) || st.st_uid == geteuid() || st.st_uid == 0) return 0;
    char why[PATH_MAX + 128];
    snprintf(why, sizeof why, "%s is a symbolic link of another user (uid %lu); traces go only where you decide",
             path, (unsigned long)st.st_uid);
    refuse(why);
    return 1;
}

/* mkdir -p, refusing another user's symbolic link at any level; the last directory, where the traces go, is not
 * writable by others whatever the umask. 0, or -1 (errno set, or EPERM after the line that says why). */
static int mkdirs(const char *dir)
{
    char buf[PATH_MAX];
    if (snprintf(buf, sizeof buf, "%s", dir) >= (int)sizeof buf) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *s = buf + 1; *s; s++) {
        if (*s != '/') continue;
        *s = '\0';
        if (foreign_link(buf)) return errno = EPERM, -1;
        if (mkdir(buf, 0777) != 0 && errno != EEXIST) return -1;
        *s = '/';
    }
    if (foreign_link(buf)) return errno = EPERM, -1;
    return mkdir(buf, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

/* The lowest descriptor number the shim's own are moved to: far above those a program opens, closes and reuses (a
 * program that closes a number it does not own, twice or stale, would otherwise close the trace, and its next open
 * would be handed the trace's number); half the limit where the limit is lower. */
#define SHMT_FD_FLOOR 900

/* f moved to a high number (close-on-exec); f itself where that cannot be. */
static int keep_apart(int f)
{
    int floor = SHMT_FD_FLOOR;
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur <= (rlim_t)floor) {
        floor = (int)(limit.rlim_cur / 2);
    }
    if (f >= floor) return f;
    int high = fcntl(f, F_DUPFD_CLOEXEC, floor);
    if (high < 0) return f;
    close(f);
    return high;
}

/* Whether descriptor f still refers to what it was opened on (the program may have closed it and opened another file
 * that took its number): the shim writes through no descriptor it has not checked. */
static int still_ours(int f, const struct stat *was)
{
    struct stat now;
    return f >= 0 && fstat(f, &now) == 0 && now.st_dev == was->st_dev && now.st_ino == was->st_ino;
}

/*
 * Opens the trace directory, refused unless it is the user's own and no one else can write to it, or it is sticky
 * as /tmp is (no one can then rename or remove another's files): anyone else who can write to it could plant a
 * symlink named like a trace file and make the traced job overwrite its user's files. Files are created in the
 * opened directory (openat), so that it cannot be swapped after the check.
 */
static int open_trace_dir(const char *dir)
{
    int d = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (d < 0) {
        warn("cannot open the directory");
        return -1;
    }
    struct stat st;
    char why[160];
    if (fstat(d, &st) != 0) {
        warn("cannot examine the directory");
    } else if (st.st_uid != geteuid()) {
        snprintf(why, sizeof why, "the directory belongs to another user (uid %lu); traces go only to your own",
                 (unsigned long)st.st_uid);
        refuse(why);
    } else if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0 && (st.st_mode & S_ISVTX) == 0) {
        snprintf(why, sizeof why, "the directory is writable by others (mode %03o) and not sticky: a file planted"
                 " there could take the trace's place", (unsigned)(st.st_mode & 0777));
        refuse(why);
    } else {
        dir_is = st;
        return keep_apart(d);
    }
    close(d);
    return -1;
}

int shmt_file_create_in_dir(const char *name, FILE **out)
{
    if (!still_ours(dir_fd, &dir_is)) {
        errno = EBADF;
        return -1;
    }
    int f = openat(dir_fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (f < 0) return -1;
    *out = fdopen(f, "w");
    if (*out == NULL) {
        close(f);
        return -1;
    }
    return 0;
}

int shmt_file_dir(void)
{
    return dir_fd;
}

/* SHMEMTRACE_BLOCK_SIZE, else the default: a trace's, or a profile's (a few kilobytes in all). At most
 * SHMT_BLOCK_SIZE_SETTING_MAX (TraceNaming's): a PE's names, counts and profile blocks are as large as its event
 * blocks, and a 1 GiB block made each of them 1 GiB (2 GiB a PE, calls lost to the size limit). */
static size_t block_size_setting(int profile, int pe)
{
    size_t fallback = profile ? SHMT_PROFILE_BLOCK_SIZE : SHMT_DEFAULT_BLOCK_SIZE;
    return (size_t)shmt_size_setting(SHMT_ENV_BLOCK_SIZE, SHMT_PAGE, SHMT_BLOCK_SIZE_SETTING_MAX, SHMT_PAGE, fallback,
                                     profile ? "8K for a profile" : "1M", pe == 0);
}

/* SHMEMTRACE_MAX_BYTES: bytes, or with a K, M or G suffix; 0 is no limit; unset: the default. */
static uint64_t max_bytes_setting(int pe)
{
    return shmt_size_setting(SHMT_ENV_MAX_BYTES, 0, UINT64_MAX, 0, SHMT_DEFAULT_MAX_BYTES, "2G", pe == 0);
}

static int set(const char *name)
{
    const char *v = getenv(name);
    return v != NULL && *v != '\0';
}

/* The run id, as TraceNaming.runId says (FORMAT.md): the same on every node of a job. */
static const char *run_id(char *buf, size_t len)
{
    char host[64] = "";
    if (set(SHMT_ENV_OMPI_JOBID)) {
        snprintf(buf, len, SHMT_OMPI_RUN_PREFIX "%s", getenv(SHMT_ENV_OMPI_JOBID));
    } else if (set(SHMT_ENV_SLURM_JOB_ID)) {
        snprintf(buf, len, SHMT_SLURM_RUN_PREFIX "%s%s%s", getenv(SHMT_ENV_SLURM_JOB_ID),
                 set(SHMT_ENV_SLURM_STEP_ID) ? "." : "", set(SHMT_ENV_SLURM_STEP_ID) ? getenv(SHMT_ENV_SLURM_STEP_ID) : "");
    } else if (set(SHMT_ENV_PBS_JOBID)) {
        snprintf(buf, len, SHMT_PBS_RUN_PREFIX "%s", getenv(SHMT_ENV_PBS_JOBID));
    } else if (set(SHMT_ENV_LSF_JOBID)) {
        snprintf(buf, len, SHMT_LSF_RUN_PREFIX "%s", getenv(SHMT_ENV_LSF_JOBID));
    } else if (set(SHMT_ENV_RUN_ID)) {
        snprintf(buf, len, "%s", getenv(SHMT_ENV_RUN_ID));
    } else {
        gethostname(host, sizeof host - 1);
        snprintf(buf, len, "%s-%ld", host, (long)getppid());
    }
    for (char *c = buf; *c; c++) { /* an id names a directory: never a path */
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '.'
              || *c == '_' || *c == '-')) {
            *c = '_';
        }
    }
    return buf;
}

static void write_header(const shmt_identity *id, const char *run)
{
    uint8_t *h = header;
    memcpy(h, SHMT_MAGIC, sizeof SHMT_MAGIC - 1);
    put16(h + SHMT_H_VERSION_MAJOR, id->run_flags & SHMT_RUN_PROFILE ? SHMT_PROFILE_VERSION_MAJOR : SHMT_VERSION_MAJOR);
    put16(h + SHMT_H_VERSION_MINOR, SHMT_VERSION_MINOR);
    put32(h + SHMT_H_BLOCK_SIZE, (uint32_t)block_size);
    put32(h + SHMT_H_FIRST_BLOCK, (uint32_t)header_map_size);
    put32(h + SHMT_H_TABLE_OFFSET, SHMT_HEADER_SIZE);
    put32(h + SHMT_H_TABLE_LENGTH, shmt_event_table_len);
    put32(h + SHMT_H_TABLE_CRC, shmt_crc32c(shmt_event_table, shmt_event_table_len));
    put32(h + SHMT_H_TABLE_SIZE, shmt_event_table_size);
    put32(h + SHMT_H_PE, (uint32_t)id->pe);
    put32(h + SHMT_H_NPES, (uint32_t)id->npes);
    put64(h + SHMT_H_PID, (uint64_t)getpid());
    put64(h + SHMT_H_TICK_HZ, id->tick_hz);
    h[SHMT_H_TICK_SHIFT] = (uint8_t)id->tick_shift;
    h[SHMT_H_CLOCK_SOURCE] = (uint8_t)id->clock_source;
    put16(h + SHMT_H_WRITER, SHMT_WRITER_C);
    put64(h + SHMT_H_INIT_TICKS, id->init_ticks);
    put64(h + SHMT_H_INIT_MONO, id->init_mono_ns);
    put64(h + SHMT_H_INIT_REAL, id->init_real_ns);
    put32(h + SHMT_H_RUN_FLAGS, id->run_flags);
    memcpy(h + SHMT_H_RUN_ID, run, strnlen(run, SHMT_RUN_ID_SIZE));
    gethostname((char *)h + SHMT_H_HOST, SHMT_HOST_SIZE - 1);
    put32(h + SHMT_H_HEADER_CRC, shmt_crc32c(h, SHMT_H_CRC_COVERS));
    memcpy(h + SHMT_HEADER_SIZE, shmt_event_table, shmt_event_table_len);
}

int shmt_file_create(const char *dir, const shmt_identity *id)
{
    char run[SHMT_RUN_ID_SIZE + 1];
    char default_dir[64];
    run_id(run, sizeof run);
    if (dir == NULL || *dir == '\0') {
        snprintf(default_dir, sizeof default_dir, SHMT_DIR_PREFIX "%s", run);
        dir = default_dir;
    }
    snprintf(path, sizeof path, "%s/" SHMT_NATIVE_FILE, dir, id->pe);
    block_size = block_size_setting((id->run_flags & SHMT_RUN_PROFILE) != 0, id->pe);
    max_bytes = max_bytes_setting(id->pe);
    header_map_size = (SHMT_HEADER_SIZE + shmt_event_table_len + 4095) & ~(size_t)4095;
    if (mkdirs(dir) != 0) {
        warn("cannot create the directory");
        return -1;
    }
    if ((dir_fd = open_trace_dir(dir)) < 0) return -1;
    /* O_EXCL: a trace is never replaced, nor a file or symlink someone put in its place followed. */
    fd = openat(dir_fd, strrchr(path, '/') + 1, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0 && errno == EEXIST) {
        refuse("already exists (a trace is never replaced: remove it, or give another " SHMT_ENV_DIR ")");
        return -1;
    }
    if (fd < 0) {
        warn("cannot create");
        return -1;
    }
    fd = keep_apart(fd);
    if (fstat(fd, &fd_is) != 0) {
        warn("cannot examine the trace");
        return -1;
    }
    errno = posix_fallocate(fd, 0, (off_t)header_map_size);
    if (errno != 0) {
        warn("cannot allocate the header");
        return -1;
    }
    header = mmap(NULL, header_map_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (header == MAP_FAILED) {
        header = NULL;
        warn("cannot map the header");
        return -1;
    }
    write_header(id, run);
    return 0;
}

/* No more blocks for this PE (profile mode would otherwise try again on every call, each try a system call that
 * fails): its later calls are counted, as the warning said. */
static uint8_t *give_up(void)
{
    atomic_store(&failed, 1);
    shmt_file_finish(SHMT_STATE_DISABLED, 0, 0);
    return NULL;
}

uint8_t *shmt_file_claim_block(void)
{
    if (header == NULL || atomic_load_explicit(&capped, memory_order_relaxed)
        || atomic_load_explicit(&failed, memory_order_relaxed)) {
        return NULL;
    }
    _Atomic uint32_t *allocated = (_Atomic uint32_t *)(header + SHMT_H_BLOCKS_ALLOCATED);
    off_t offset = (off_t)header_map_size + (off_t)atomic_load(allocated) * (off_t)block_size;
    if (max_bytes != 0 && (uint64_t)offset + block_size > max_bytes) {
        /* A program that loops forever (or far longer than meant) must not fill the disk. */
        if (!atomic_exchange(&capped, 1)) {
            atomic_fetch_or((_Atomic uint32_t *)(header + SHMT_H_RUN_FLAGS), SHMT_RUN_CAPPED);
            fprintf(stderr, "shmemtrace: %s: the trace reached " SHMT_ENV_MAX_BYTES " (%llu bytes); later calls are"
                    " counted, not recorded\n", path, (unsigned long long)max_bytes);
        }
        return NULL;
    }
    if (!still_ours(fd, &fd_is)) {
        refuse("the trace's descriptor was closed by the program (its number may now be another file's); nothing more"
               " is written through it");
        return give_up();
    }
    uint32_t index = atomic_fetch_add(allocated, 1);
    offset = (off_t)header_map_size + (off_t)index * (off_t)block_size;
    /* Reserve the disk space now: a full disk is an error here, not a SIGBUS on some later store. */
    errno = posix_fallocate(fd, offset, (off_t)block_size);
    if (errno != 0) {
        warn("cannot allocate a block (disk full?)");
        return give_up();
    }
    uint8_t *block = mmap(NULL, block_size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, offset);
    if (block == MAP_FAILED) {
        warn("cannot map a block");
        return give_up();
    }
    atomic_fetch_add(&blocks_had, 1);
    return block;
}

uint8_t *shmt_file_claim_side_block(const char *magic)
{
    uint8_t *block = shmt_file_claim_block();
    if (block != NULL) memcpy(block, magic, 4);
    return block;
}

void shmt_file_seal_block(uint8_t *block, const uint8_t *end, uint32_t count)
{
    const uint8_t *payload = block + SHMT_BLOCK_HEADER;
    put32(block + SHMT_B_LENGTH, (uint32_t)(end - payload));
    put32(block + SHMT_B_COUNT, count);
    put32(block + SHMT_B_CRC, shmt_crc32c(payload, (size_t)(end - payload)));
    atomic_store_explicit((_Atomic uint16_t *)(block + SHMT_B_FLAGS), SHMT_BLOCK_SEALED, memory_order_release);
}

void shmt_file_release_block(uint8_t *block)
{
    munmap(block, block_size);
}

int shmt_file_capped(void)
{
    return atomic_load_explicit(&capped, memory_order_relaxed);
}

size_t shmt_file_block_size(void)
{
    return block_size;
}

const char *shmt_file_path(void)
{
    return path;
}

uint8_t *shmt_file_header(void)
{
    return header;
}

void shmt_file_count_dropped(uint64_t n)
{
    if (header) atomic_fetch_add((_Atomic uint64_t *)(header + SHMT_H_DROPPED), n);
}

void shmt_file_finish(unsigned state, uint64_t final_ticks, uint64_t final_mono_ns)
{
    if (header == NULL) return;
    if (final_ticks != 0) {
        put64(header + SHMT_H_FINAL_TICKS, final_ticks);
        put64(header + SHMT_H_FINAL_MONO, final_mono_ns);
    }
    atomic_store((_Atomic uint32_t *)(header + SHMT_H_STATE), state);
}

/* s as one shell word, for a command the user copies: as it is when it holds only characters no shell treats
 * specially, else in single quotes (a ' as '\''). */
static const char *shell_quoted(const char *s, char *out, size_t size)
{
    if (s[strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+=:,@%")] == '\0') return s;
    size_t n = 0;
    out[n++] = '\'';
    for (; *s && n + 5 < size; s++) {
        if (*s == '\'') {
            memcpy(out + n, "'\\''", 4);
            n += 4;
        } else {
            out[n++] = *s;
        }
    }
    out[n++] = '\'';
    out[n] = '\0';
    return out;
}

static void say_if_scattered(const char *dir, const char *shown, uint32_t npes);

/* One line at the end, from PE 0: where the run's traces are and what PE 0 wrote (the others' files may still be
 * being finished: PE 0 speaks only for itself). SHMEMTRACE_QUIET=1 silences it. */
void shmt_file_say_where(uint64_t events)
{
    const char *quiet = getenv(SHMT_ENV_QUIET);
    if (header == NULL || (quiet != NULL && *quiet != '\0' && strcmp(quiet, "0") != 0)) return;
    char dir[PATH_MAX];
    char *slash = strrchr(path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
    char absolute[PATH_MAX];
    const char *shown = realpath(dir, absolute) ? absolute : dir;
    uint32_t npes;
    memcpy(&npes, header + SHMT_H_NPES, 4);
    uint64_t dropped = atomic_load((_Atomic uint64_t *)(header + SHMT_H_DROPPED));
    uint32_t blocks = atomic_load(&blocks_had); /* what the file holds: a full disk's failed claim is not in it */
    double mb = ((double)header_map_size + (double)blocks * (double)block_size) / 1e6;
    char more[64] = "";
    if (dropped) snprintf(more, sizeof more, ", %llu calls not recorded", (unsigned long long)dropped);
    char quoted[2 * PATH_MAX];
    if (shmt_profiling) { /* a profile's events are init and finalize: its size says what it holds */
        fprintf(stderr, "shmemtrace: %u PE%s profiled into %s (PE 0: a profile of %.0f KB%s); shmembin2txt --summary %s"
                " reports the run\n", npes, npes == 1 ? "" : "s", shown, mb * 1e3 / 1.024, more,
                shell_quoted(shown, quoted, sizeof quoted));
        say_if_scattered(dir, shown, npes);
        return;
    }
    fprintf(stderr, "shmemtrace: %u PE%s traced into %s (PE 0: %llu events, %.1f MB%s); shmembin2txt --summary %s"
            " reports the run\n", npes, npes == 1 ? "" : "s", shown, (unsigned long long)events, mb, more,
            shell_quoted(shown, quoted, sizeof quoted));
    say_if_scattered(dir, shown, npes);
}

/* Every PE created its trace at init: if PE 0 does not see them all in its directory, the hosts do not share it
 * (SHMEMTRACE_DIR on a node-local file system), and the run's traces are scattered over the hosts. One line. */
static void say_if_scattered(const char *dir, const char *shown, uint32_t npes)
{
    DIR *d = opendir(dir);
    if (d == NULL) return;
    uint32_t seen = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        unsigned pe;
        char tail[8];
        /* pe%05d.shmt, and nothing after it (not pe%05d.java.shmt) */
        if (sscanf(e->d_name, "pe%u.%7s", &pe, tail) == 2 && strcmp(tail, "shmt") == 0 && pe < npes) seen++;
    }
    closedir(d);
    if (seen >= npes) return;
    fprintf(stderr, "shmemtrace: only %u of %u PEs' traces are in %s: the others are in that path on their own hosts"
            " (for one run in one place, give SHMEMTRACE_DIR a directory every host sees)\n", seen, npes, shown);
}

/* PE 0's command line beside its trace (TraceNaming.COMMAND_FILE): for the reports' job facts. Best effort: a
 * failure costs the fact, never the trace. */
void shmt_file_write_command(int pe)
{
    char name[64], args[4096];
    int in = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
    if (in < 0) return;
    ssize_t n = read(in, args, sizeof args);
    close(in);
    if (n <= 0) return;
    snprintf(name, sizeof name, SHMT_COMMAND_FILE, pe);
    FILE *out;
    if (shmt_file_create_in_dir(name, &out) != 0) return;
    fwrite(args, 1, (size_t)n, out);
    fclose(out);
}
