/* The runtime's cold paths: starting and stopping the trace, threads, and block changes. */
#define _GNU_SOURCE
#include "shmt_runtime.h"

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shmt_modules.h"
#include "shmt_profile.h"
#include "shmt_testing.h"
#include "shmt_trace_file.h"
#include "shmt_untraced.h"

#define SHMT_MAX_THREADS 1024

__thread shmt_thread shmt_self __attribute__((tls_model("initial-exec"))) = {.index = -1};
int shmt_active;
int shmt_callsites;
static uint64_t no_file_dropped;
uint64_t *shmt_dropped = &no_file_dropped;
unsigned shmt_tick_shift;
int shmt_cmp_from_one;
static int fast_path; /* the settings the wrappers' fast path is for (shmt_runtime.h) */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER; /* guards threads[], parked[] and other threads' blocks */
static shmt_thread *threads[SHMT_MAX_THREADS]; /* by index: the threads that hold one now */
static int thread_count;                      /* indices handed out */
/* The slots of threads that ended, whole (block, sequence, times, profile): the next new thread takes one and goes on
 * where it stopped, so that a program of many short-lived threads costs neither a block nor memory per thread, and the
 * index limit is on threads alive at once. A slot's events are its threads' in turn. */
static shmt_thread parked[SHMT_MAX_THREADS];
static int parked_count;
static int started, stopped, disabled;
static int paused; /* shmemtrace_pause: every call goes the general way, which counts it */
static pthread_key_t exit_key;
static int pe_number;

/* The fast path's limit for a thread: its block's, unless its calls must go the general way. */
static uint8_t *fast_limit(shmt_thread *t)
{
    return fast_path && !stopped && !paused && t->block != NULL ? t->block_limit : NULL;
}

/* Nothing more is written to the thread's block: its next events go to the discard area. */
static void discard_from_now(shmt_thread *t)
{
    t->cursor = t->block_limit = t->discard;
    t->limit = NULL;
}

static int find_oshmem(struct dl_phdr_info *info, size_t size, void *found)
{
    (void)size;
    if (strstr(info->dlpi_name, "liboshmem") == NULL && strstr(info->dlpi_name, "libsma") == NULL) return 0;
    *(void **)found = dlopen(info->dlpi_name, RTLD_LAZY | RTLD_NOLOAD);
    return *(void **)found != NULL;
}

/* A library that was dlopen'ed RTLD_LOCAL (a JVM's System.load of a JNI binding pulls liboshmem, or SOS's libsma, in that way)
 * is not searched by RTLD_NEXT: look for it among the loaded objects. */
static void *local_oshmem(void)
{
    static void *handle;
    if (handle == NULL) dl_iterate_phdr(find_oshmem, &handle);
    return handle;
}

static void *lookup(void *scope, const char *profiling, const char *name)
{
    void *fn = dlsym(scope, profiling);
    return fn != NULL ? fn : dlsym(scope, name);
}

void *shmt_resolve(const char *name)
{
    char profiling[256];
    snprintf(profiling, sizeof profiling, "p%s", name);
    void *fn = lookup(RTLD_NEXT, profiling, name);
    if (fn == NULL && local_oshmem() != NULL) fn = lookup(local_oshmem(), profiling, name);
    if (fn == NULL) {
        /* Only reached when the program calls a function its own OpenSHMEM library lacks. */
        fprintf(stderr, "shmemtrace: %s: not found in the OpenSHMEM library\n", name);
        abort();
    }
    return fn;
}

static unsigned tick_shift_setting(uint64_t tick_hz)
{
    const char *s = getenv("SHMEMTRACE_TICK_SHIFT");
    if (s && *s) {
        int v = atoi(s);
        if (v >= 0 && v <= 20) return (unsigned)v;
    }
    unsigned shift = 0; /* the coarsest unit of at most 8 ns: small varints, resolution finer than a call */
    while (shift < 20 && (double)(2u << shift) * 1e9 / (double)tick_hz <= 8.0) shift++;
    return shift;
}

/* Writes the pending repeat record right after its poll event (the room an event reserves holds both) and
 * restores the limit; in discard mode the repeated calls are counted as dropped. */
static void flush_repeat(shmt_thread *t)
{
    if (t->block == NULL) {
        shmt_file_count_dropped(t->rep_count);
    } else {
        uint8_t *p = shmt_put_uvar(t->cursor + 1, (SHMT_REPEAT_EVENT_ID + 1) >> 7);
        p = shmt_put_uvar(p, t->rep_start - t->last_end);
        p = shmt_put_uvar(p, t->rep_end - t->rep_start);
        p = shmt_put_uvar(p, t->rep_count);
        p = shmt_put_uvar(p, t->rep_calls);
        shmt_publish(t, t->cursor, p, SHMT_REPEAT_EVENT_ID); /* busy stays: this runs inside a traced call */
    }
    t->last_end = t->rep_end;
    t->rep_count = t->rep_calls = 0;
    t->poll_end = NULL;
    t->limit = fast_limit(t);
}

static void seal(shmt_thread *t)
{
    if (t->rep_count) flush_repeat(t);
    if (t->block == NULL) return;
    shmt_file_seal_block(t->block, t->cursor, t->count);
}

/* Called with the lock held: the full block of a thread, sealed and unmapped. */
static void retire_block(shmt_thread *t)
{
    seal(t);
    shmt_file_release_block(t->block);
    t->block = NULL;
    discard_from_now(t);
}

/* Called with the lock held: the ending thread t leaves its slot in parked[]; t is as a thread never registered. */
static void park(shmt_thread *t)
{
    if (t->rep_count) flush_repeat(t);
    if (shmt_profiling) shmt_profile_close_regions(t, shmt_now());
    shmt_thread *slot = &parked[parked_count++];
    *slot = *t;
    slot->call_start = 0;
    slot->limit = NULL;
    slot->poll_end = NULL; /* the next thread's poll calls repeat nothing of this one's */
    if (slot->block == NULL) slot->cursor = slot->block_limit = NULL; /* they pointed at t's own discard area */
    threads[t->index] = NULL;
    *t = (shmt_thread){.index = -1};
}

static void on_thread_exit(void *arg)
{
    shmt_thread *t = arg;
    pthread_mutex_lock(&lock);
    if (t->index >= 0) {
        if (!stopped) park(t);
        else threads[t->index] = NULL;
    }
    pthread_mutex_unlock(&lock);
}

static void open_block(shmt_thread *t, uint64_t t0)
{
    uint8_t *block = disabled ? NULL : shmt_file_claim_block();
    if (block == NULL) {
        disabled = !shmt_file_capped(); /* at the size limit the PE ends as it would, its later calls counted */
        discard_from_now(t);
        shmt_file_count_dropped(1);
        return;
    }
    if (t->thread_block == 0 && t->count == 0) t->last_end = t0 >> shmt_tick_shift;
    uint64_t ticks, mono;
    shmt_clock_pair(&ticks, &mono);
    memcpy(block, SHMT_BLOCK_MAGIC, sizeof SHMT_BLOCK_MAGIC - 1);
    uint16_t index = (uint16_t)t->index;
    memcpy(block + SHMT_B_THREAD, &index, 2);
    memcpy(block + SHMT_B_THREAD_BLOCK, &t->thread_block, 4);
    memcpy(block + SHMT_B_FIRST_SEQ, &t->first_seq, 8);
    memcpy(block + SHMT_B_BASE_TIME, &t->last_end, 8);
    memcpy(block + SHMT_B_OPEN_TICKS, &ticks, 8);
    memcpy(block + SHMT_B_OPEN_MONO, &mono, 8);
    t->block = block;
    t->cursor = block + SHMT_BLOCK_HEADER;
    t->block_limit = block + shmt_file_block_size() - SHMT_EVENT_MAX;
    t->limit = fast_limit(t);
    t->count = 0;
    t->last_addr = t->last_ctx = t->last_site = 0;
}

/* Gives t a slot: one a thread that ended left (t then goes on with its block), else a new index. */
static int register_thread(shmt_thread *t)
{
    int ok = 0;
    pthread_mutex_lock(&lock);
    if (parked_count > 0 && !stopped) {
        uint64_t busy = t->call_start;
        *t = parked[--parked_count];
        t->call_start = busy;
        if (t->block == NULL) discard_from_now(t);
        else t->limit = fast_limit(t);
        threads[t->index] = t;
        ok = 1;
    } else if (thread_count < SHMT_MAX_THREADS) {
        t->index = thread_count++;
        threads[t->index] = t;
        ok = 1;
    }
    pthread_mutex_unlock(&lock);
    if (ok) pthread_setspecific(exit_key, t);
    return ok;
}

int shmt_pe(void)
{
    return pe_number;
}

int shmt_thread_index(shmt_thread *t)
{
    if (t->index < 0) register_thread(t);
    return t->index;
}

void shmt_next_block(shmt_thread *t, uint64_t t0)
{
    if (t->rep_count) { /* a repeat is pending (shmt_poll_repeat): its record goes first */
        flush_repeat(t);
        if (t->block != NULL && t->cursor < t->block_limit) return;
    }
    if (t->block == NULL && t->index < 0) {
        if (!register_thread(t)) {
            discard_from_now(t); /* thread table full: counted, not recorded */
            shmt_file_count_dropped(1);
            return;
        }
        if (t->block != NULL && t->cursor < t->block_limit) return; /* the slot's block has room */
    }
    pthread_mutex_lock(&lock);
    if (stopped) {
        discard_from_now(t);
    } else {
        if (t->block != NULL) {
            t->first_seq += t->count;
            t->thread_block++;
            retire_block(t);
            t->count = 0;
        }
        open_block(t, t0);
    }
    pthread_mutex_unlock(&lock);
}

/*
 * Pauses or resumes recording (the caller is busy). Pausing sends every thread's calls the general way (their limits
 * NULL), where shmt_enter counts them; resuming gives the caller its fast path back at once, other threads at their
 * next block (they record meanwhile, the general way). A call another thread makes at the moment of the switch may
 * fall on either side of it.
 */
void shmt_set_paused(shmt_thread *self, int pause)
{
    pthread_mutex_lock(&lock);
    if (started && !stopped && paused != pause) {
        paused = pause;
        shmt_active = pause ? SHMT_PAUSED : SHMT_TRACING;
        if (pause) {
            for (int i = 0; i < thread_count; i++) {
                if (threads[i] != NULL) __atomic_store_n(&threads[i]->limit, NULL, __ATOMIC_RELAXED);
            }
        } else if (self->rep_count == 0) {
            self->limit = fast_limit(self);
        }
    }
    pthread_mutex_unlock(&lock);
}

/* The events a thread wrote into blocks of the file (those written to the discard area, when no block could be had,
 * are counted as not recorded instead). */
static uint64_t recorded(const shmt_thread *t)
{
    return t->first_seq + (t->block != NULL ? t->count : 0);
}

static void stop_at_exit(void)
{
    shmt_stop(SHMT_STATE_EXITED, shmt_now());
}

void shmt_stop(unsigned state, uint64_t t)
{
    pthread_mutex_lock(&lock);
    if (started && !stopped) {
        stopped = 1;
        shmt_active = 0;
        /* Other threads' blocks are sealed but stay mapped: a thread still inside a call may store to it. Their
         * next calls take the general path, which sees tracing stopped. */
        for (int i = 0; i < thread_count; i++) {
            if (threads[i] == NULL) continue;
            seal(threads[i]);
            __atomic_store_n(&threads[i]->limit, NULL, __ATOMIC_RELAXED);
        }
        for (int i = 0; i < parked_count; i++) seal(&parked[i]);
        /* Regions still open end with the trace (other threads are past their last call, or their calls now go
         * unrecorded). */
        for (int i = 0; shmt_profiling && i < thread_count; i++) {
            if (threads[i] != NULL) shmt_profile_close_regions(threads[i], t);
        }
        uint64_t ticks, mono;
        shmt_clock_pair(&ticks, &mono);
        uint64_t hz = ((uint64_t *)(void *)(shmt_file_header() + SHMT_H_TICK_HZ))[0];
        uint64_t mono_at_t = mono - (uint64_t)((double)(ticks - t) * 1e9 / (double)hz);
        shmt_file_finish(disabled ? SHMT_STATE_DISABLED : state, t, mono_at_t);
        if (shmt_callsites) shmt_modules_write(shmt_file_path(), pe_number); /* again: objects dlopen'ed since */
        shmt_regions_say_lost(pe_number);
        if (state == SHMT_STATE_FINALIZED) shmt_say_bypasses(); /* not from exit handlers in a dying process */
        if (pe_number == 0) {
            uint64_t events = 0;
            for (int i = 0; i < thread_count; i++) if (threads[i] != NULL) events += recorded(threads[i]);
            for (int i = 0; i < parked_count; i++) events += recorded(&parked[i]);
            shmt_file_say_where(events);
        }
    }
    pthread_mutex_unlock(&lock);
}

/* SHMEMTRACE_MODE: 1 for "profile"; "trace", unset or empty: 0; anything else, one line (PE 0) and 0. */
static int profile_setting(int pe)
{
    const char *s = getenv(SHMT_ENV_MODE);
    if (s == NULL || *s == '\0' || strcmp(s, "trace") == 0) return 0;
    if (strcmp(s, "profile") == 0) return 1;
    if (pe == 0) fprintf(stderr, "shmemtrace: %s=%s: not a mode (trace, profile); tracing\n", SHMT_ENV_MODE, s);
    return 0;
}

/* SHMEMTRACE_CALLSITES set to anything but "" or "0". */
static int callsites_setting(void)
{
    const char *s = getenv(SHMT_ENV_CALLSITES);
    return s != NULL && *s != '\0' && strcmp(s, "0") != 0;
}

static int open_trace(int pe, int npes, uint64_t t0, const char *dir)
{
    shmt_identity id = {.pe = pe, .npes = npes};
    int callsites = callsites_setting();
    shmt_profiling = profile_setting(pe);
    id.run_flags = (callsites ? SHMT_RUN_CALLSITES : 0) | (shmt_profiling ? SHMT_RUN_PROFILE : 0);
    id.clock_source = (unsigned)shmt_clock_select();
    id.tick_hz = shmt_clock_calibrate();
    shmt_tick_shift = id.tick_shift = tick_shift_setting(id.tick_hz);
    /* The init pair is taken now; t0 (before the init call) is placed on it with the measured rate. */
    uint64_t ticks, mono;
    shmt_clock_pair(&ticks, &mono);
    uint64_t real = shmt_mono_ns(CLOCK_REALTIME);
    if (t0 == 0 || t0 > ticks) t0 = ticks;
    uint64_t back_ns = (uint64_t)((double)(ticks - t0) * 1e9 / (double)id.tick_hz);
    id.init_ticks = t0;
    id.init_mono_ns = mono - back_ns;
    id.init_real_ns = real - back_ns;
    if (shmt_file_create(dir, &id) != 0) return -1;
    shmt_dropped = (uint64_t *)(void *)(shmt_file_header() + SHMT_H_DROPPED);
    pe_number = pe;
    if (callsites) shmt_modules_write(shmt_file_path(), pe);
    if (pe == 0) {
        shmt_file_write_command(pe);
        shmt_untraced_write(pe);
    }
    shmt_callsites = callsites;
    /* Profile mode: the wrappers' general path hands calls to the profile stubs (those that reach a wrapper). */
    fast_path = shmt_clock_is_tsc && shmt_tick_shift == SHMT_FAST_SHIFT && !callsites && !shmt_profiling;
    pthread_key_create(&exit_key, on_thread_exit);
    atexit(stop_at_exit);
    started = 1;
    shmt_active = 1;
    return 0;
}

/* Whether the library is Sandia OpenSHMEM's libsma, whose SHMEM_CMP_* count from 1 (shmt_cmp_code). */
static int numbers_cmp_from_one(void)
{
    Dl_info info;
    void *init = shmt_resolve("shmem_init");
    return dladdr(init, &info) != 0 && info.dli_fname != NULL && strstr(info.dli_fname, "libsma") != NULL;
}

shmt_thread *shmt_start(uint64_t t0)
{
    typedef int (*int_fn)(void);
    if (!started) {
        if (stopped) return NULL;
        int pe = ((int_fn)shmt_resolve("shmem_my_pe"))();
        int npes = ((int_fn)shmt_resolve("shmem_n_pes"))();
        shmt_cmp_from_one = numbers_cmp_from_one();
        if (open_trace(pe, npes, t0, getenv(SHMT_ENV_DIR)) != 0) {
            stopped = 1;
            return NULL;
        }
    }
    return shmt_enter(0, 0, 0);
}

int shmt_open_for_test(const char *dir, int pe, int npes)
{
    return open_trace(pe, npes, 0, dir);
}
