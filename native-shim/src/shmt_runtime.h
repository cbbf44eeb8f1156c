/*
 * The runtime API that the generated wrappers call (native-shim/RUNTIME-CONTRACT.md).
 * Everything a traced call runs is here, inline: read the clock twice, encode the event into the
 * thread's block of the memory-mapped trace file. No locks, no syscalls, no page faults (blocks are
 * mapped with MAP_POPULATE); a full block is sealed and replaced out of line, once per block.
 */
#ifndef SHMT_RUNTIME_H
#define SHMT_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#include "shmt_clock.h"
#include "shmt_format.h"

#define SHMT_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define SHMT_HIDDEN __attribute__((visibility("hidden")))

/* Room reserved per event: an id (2 bytes), two times (10 each), a call site (10) and up to 12 fields of
 * 10 bytes; a poll event (at most 4 fields) and its repeat record (42 bytes) always fit in it together. */
#define SHMT_EVENT_MAX 160
/* The most fields a poll call records (event-spec.xml poll="true"; wrapper-codegen checks). */
#define SHMT_POLL_FIELDS 4

typedef struct shmt_thread {
    uint8_t *cursor;        /* where the next event goes */
    uint8_t *limit;         /* an event may start below this: block end - SHMT_EVENT_MAX */
    uint8_t *block;         /* the block's header, NULL before the first event or when not writing */
    uint64_t last_end;      /* end of this thread's previous event, in time units */
    uint64_t last_addr;     /* ADDR/PTR delta group */
    uint64_t last_ctx;      /* CTX delta group */
    uint64_t last_site;     /* call sites are deltas from the previous one */
    uint64_t first_seq;     /* sequence number of the block's first event */
    uint32_t count;         /* events in the block */
    uint32_t thread_block;  /* index of the block among this thread's blocks */
    int32_t index;          /* thread index in the file, -1 until registered */
    uint8_t busy;           /* inside a traced call: the library's own calls are not events */
    uint8_t outer;          /* set by shmt_hold: it was the outermost call */
    uint8_t discard[SHMT_EVENT_MAX]; /* events go here when they cannot be recorded */
    /* Polling collapse (trace-format/FORMAT.md, "Repeats"): the last poll event, and the repeat pending. */
    uint8_t *poll_end;      /* the cursor just after it: a repeat can only follow it directly */
    uint8_t *saved_limit;   /* the real limit while a repeat is pending; limit is NULL then */
    uint64_t poll_args[SHMT_POLL_FIELDS];
    const void *poll_site;
    uint64_t rep_count, rep_calls, rep_start, rep_end;
    unsigned poll_id;
} shmt_thread;

extern __thread shmt_thread shmt_self __attribute__((tls_model("initial-exec"))) SHMT_HIDDEN;
extern int shmt_active SHMT_HIDDEN;
extern int shmt_callsites SHMT_HIDDEN;
extern unsigned shmt_tick_shift SHMT_HIDDEN;

void *shmt_resolve(const char *name) SHMT_HIDDEN;
shmt_thread *shmt_start(uint64_t t0) SHMT_HIDDEN;
void shmt_stop(unsigned state, uint64_t t) SHMT_HIDDEN;
void shmt_next_block(shmt_thread *t, uint64_t t0) SHMT_HIDDEN;

/* static T real_NAME, resolved on first use (through the profiling name pNAME where there is one). */
#define SHMT_REAL(name, type)                                                   \
    static type real_##name;                                                    \
    if (SHMT_UNLIKELY(real_##name == NULL)) real_##name = (type)shmt_resolve(#name)

static inline shmt_thread *shmt_enter(void)
{
    if (SHMT_UNLIKELY(shmt_active == 0)) return NULL;
    shmt_thread *t = &shmt_self;
    if (SHMT_UNLIKELY(t->busy)) return NULL;
    t->busy = 1;
    return t;
}

static inline shmt_thread *shmt_hold(void)
{
    shmt_thread *t = &shmt_self;
    t->outer = !t->busy;
    t->busy = 1;
    return t;
}

static inline int shmt_is_outer(shmt_thread *t) { return t->outer; }

static inline void shmt_release(shmt_thread *t) { t->busy = 0; }

static inline uint8_t *shmt_put_uvar(uint8_t *p, uint64_t v)
{
    while (v >= 0x80) {
        *p++ = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    *p++ = (uint8_t)v;
    return p;
}

static inline uint8_t *shmt_put_svar(uint8_t *p, int64_t v)
{
    return shmt_put_uvar(p, ((uint64_t)v << 1) ^ (uint64_t)(v >> 63));
}

static inline uint8_t *shmt_put_addr(shmt_thread *t, uint8_t *p, uint64_t v)
{
    int64_t delta = (int64_t)(v - t->last_addr);
    t->last_addr = v;
    return shmt_put_svar(p, delta);
}

static inline uint8_t *shmt_put_ctx(shmt_thread *t, uint8_t *p, uint64_t v)
{
    int64_t delta = (int64_t)(v - t->last_ctx);
    t->last_ctx = v;
    return shmt_put_svar(p, delta);
}

/* Writes the event's id (all but its first byte), burst and duration; returns where the fields go.
 * Times tile: burst = start - previous end, duration = end - start, both clamped at 0. */
static inline __attribute__((always_inline)) uint8_t *shmt_event_begin(shmt_thread *t, unsigned id, uint64_t t0,
                                                                     uint64_t t1)
{
    if (SHMT_UNLIKELY(t->cursor >= t->limit)) shmt_next_block(t, t0);
    uint64_t start = t0 >> shmt_tick_shift, end = t1 >> shmt_tick_shift;
    if (SHMT_UNLIKELY((int64_t)(start - t->last_end) < 0)) start = t->last_end;
    if (SHMT_UNLIKELY(end < start)) end = start;
    uint64_t burst = start - t->last_end;
    t->last_end = end;
    uint8_t *p = t->cursor + 1;
    if (SHMT_UNLIKELY(id + 1 >= 0x80)) p = shmt_put_uvar(p, (id + 1) >> 7);
    p = shmt_put_uvar(p, burst);
    return shmt_put_uvar(p, end - start);
}

/* The caller's return address: the wrapper is the function the program called. */
#define SHMT_CALLSITE __builtin_return_address(0)

/* With SHMEMTRACE_CALLSITES, the event's call site (a return address), right after its duration. */
static inline uint8_t *shmt_put_site(shmt_thread *t, uint8_t *p, const void *site)
{
    if (!shmt_callsites) return p;
    uint64_t v = (uint64_t)(uintptr_t)site;
    int64_t delta = (int64_t)(v - t->last_site);
    t->last_site = v;
    return shmt_put_svar(p, delta);
}

/* Publishes a record written at t->cursor up to p: its first byte (of the id + 1 uvar) goes last, so a
 * reader of a block cut short by a crash or SIGKILL sees whole events or a 0 byte, never half an event. */
static inline void shmt_publish(shmt_thread *t, uint8_t *p, unsigned id)
{
    unsigned v = id + 1;
    __asm__ __volatile__("" ::: "memory");
    t->cursor[0] = (uint8_t)(v >= 0x80 ? (v & 0x7F) | 0x80 : v);
    t->cursor = p;
    t->count++;
}

static inline void shmt_event_end(shmt_thread *t, uint8_t *p, unsigned id)
{
    shmt_publish(t, p, id);
    t->busy = 0;
}

/*
 * After a poll call: if it repeats the thread's last event (the same poll call, nothing written since, the
 * same recorded fields and result), it is counted into a pending repeat instead of written, and 1 is
 * returned. The first repeat sets limit to NULL, so the next event of any kind takes the out-of-line path,
 * which writes the repeat record first (shmt_next_block). Calls that are not polls pay nothing for this.
 */
static inline int shmt_poll_repeat(shmt_thread *t, unsigned id, const uint64_t *v, unsigned n, uint64_t t0,
                                   uint64_t t1, const void *site)
{
    if (t->poll_end != t->cursor || t->poll_id != id || t->poll_site != site) return 0;
    for (unsigned i = 0; i < n; i++) {
        if (t->poll_args[i] != v[i]) return 0;
    }
    uint64_t start = t0 >> shmt_tick_shift, end = t1 >> shmt_tick_shift;
    uint64_t floor = t->rep_count ? t->rep_end : t->last_end;
    if ((int64_t)(start - floor) < 0) start = floor;
    if (end < start) end = start;
    if (t->rep_count == 0) {
        t->rep_start = start;
        t->saved_limit = t->limit;
        t->limit = NULL;
    }
    t->rep_count++;
    t->rep_calls += end - start;
    t->rep_end = end;
    t->busy = 0;
    return 1;
}

/* After a poll event is written: what its repeats will be compared with. */
static inline void shmt_poll_mark(shmt_thread *t, unsigned id, const uint64_t *v, unsigned n, const void *site)
{
    t->poll_id = id;
    t->poll_site = site;
    for (unsigned i = 0; i < n; i++) t->poll_args[i] = v[i];
    t->poll_end = t->cursor;
}

#endif
