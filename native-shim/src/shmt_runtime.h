/*
 * The runtime API that the generated wrappers call (native-shim/RUNTIME-CONTRACT.md).
 * Everything a traced call runs is here, inline: read the clock twice, encode the event into the
 * thread's block of the memory-mapped trace file. No locks, no syscalls, no page faults (blocks are
 * mapped with MAP_POPULATE); a full block is sealed and replaced out of line, once per block.
 *
 * Each wrapper is one body compiled twice (argument `fast`, a constant): the fast path, for the usual
 * settings (the TSC at SHMT_FAST_SHIFT, no call sites), and the general path for everything else. The fast
 * path tests one thing per call for all that it does not handle: the thread's limit, which is NULL whenever
 * the next event must go the general way (no block yet, a full block, tracing stopped, other settings).
 */
#ifndef SHMT_RUNTIME_H
#define SHMT_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#include "shmt_clock.h"
#include "shmt_format.h"

#define SHMT_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define SHMT_LIKELY(x) __builtin_expect(!!(x), 1)
#define SHMT_HIDDEN __attribute__((visibility("hidden")))

/* Room reserved per event: an id (2 bytes), two times (10 each), a call site (10) and up to 12 fields of
 * 10 bytes; a poll event (at most 4 fields) and its repeat record (42 bytes) always fit in it together. */
#define SHMT_EVENT_MAX 160
/* SHMT_SAVED_ARGS (the most fields an event records: saved in the thread across the real call) and
 * SHMT_POLL_FIELDS (the most fields a poll call records) come from wrapper-codegen's RuntimeLimits (shmt_format.h),
 * the one definition the generator checks the spec against. */
_Static_assert(SHMT_EVENT_MAX >= 2 + 10 + 10 + 10 + 10 * SHMT_SAVED_ARGS, "an event of SHMT_SAVED_ARGS fields fits");

/* The fast path's clock unit: 16 TSC ticks, 4-8 ns at the 2-4 GHz of today's TSCs (tick_shift_setting). */
#define SHMT_FAST_SHIFT 4
/* The limit while a repeat is pending: ordinary calls go the general way, which writes the repeat record first;
 * poll calls pass (shmt_poll_gate), as they may repeat it once more. */
#define SHMT_REPEATING ((uint8_t *)1)
/* call_start of a thread held around an init call (shmt_hold): busy, with no start time of its own. */
#define SHMT_HELD 1
/* call_start of a thread inside a wrapper before its library call starts (shmt_enter): busy, so that a call made
 * from a signal handler meanwhile (reserving, changing blocks, saving arguments) passes straight through. */
#define SHMT_ENTERED 2

typedef struct shmt_thread {
    uint8_t *cursor;        /* where the next event goes */
    uint8_t *limit;         /* the fast path's: block_limit, or NULL or SHMT_REPEATING to send calls the general way */
    uint64_t call_start;    /* the clock when the traced call in progress began; 0 outside one (not busy) */
    uint64_t saved[SHMT_SAVED_ARGS]; /* the recorded arguments of the call in progress, while it runs */
    uint8_t *block_limit;   /* an event may start below this: block end - SHMT_EVENT_MAX */
    uint8_t *block;         /* the block's header, NULL before the first event or when not writing */
    uint64_t last_end;      /* end of this thread's previous event, in time units */
    uint64_t last_addr;     /* ADDR/PTR delta group */
    uint64_t last_ctx;      /* CTX delta group */
    uint64_t last_site;     /* call sites are deltas from the previous one */
    uint64_t first_seq;     /* sequence number of the block's first event */
    uint32_t count;         /* events in the block */
    uint32_t thread_block;  /* index of the block among this thread's blocks */
    int32_t index;          /* thread index in the file, -1 until registered */
    uint8_t outer;          /* set by shmt_hold: it was the outermost call */
    uint8_t discard[SHMT_EVENT_MAX]; /* events go here when they cannot be recorded */
    /* Polling collapse (trace-format/FORMAT.md, "Repeats"): the last poll event, and the repeat pending. */
    uint8_t *poll_end;      /* the cursor just after it: a repeat can only follow it directly */
    uint64_t poll_args[SHMT_POLL_FIELDS];
    const void *poll_site;
    uint64_t rep_count, rep_calls, rep_start, rep_end;
    unsigned poll_id;
    /* Profile mode (shmt_profile.c): per event id, the entry of the id's last call (NULL before the first; the right
     * one when its region is profile_region, the current region + 1); the time in profiled calls so far; the rest of
     * its profile state. */
    struct shmt_profile_entry **profile_slots;
    uint32_t profile_region;
    uint64_t profile_units;
    struct shmt_profile_thread *profile;
} shmt_thread;

/* shmt_active: whether calls are recorded. */
#define SHMT_OFF 0     /* before the trace starts, after it stops, or when it could not start */
#define SHMT_TRACING 1
#define SHMT_PAUSED 2  /* shmemtrace_pause: calls are counted per function, not recorded */

/* A PE's count of one function's calls not recorded (trace-format/FORMAT.md, "Counts"), in the mapped trace file. */
typedef struct shmt_count_entry {
    uint32_t id_plus_one; /* 0 until the entry is in use */
    uint32_t reserved;
    uint64_t paused;
    uint64_t excluded;
} shmt_count_entry;

/* The count entry's layout is FORMAT.md's (Layout's C_ offsets, which the Java reader takes). */
_Static_assert(sizeof(shmt_count_entry) == SHMT_COUNT_ENTRY, "the entry of FORMAT.md");
_Static_assert(offsetof(shmt_count_entry, paused) == SHMT_C_PAUSED, "paused");
_Static_assert(offsetof(shmt_count_entry, excluded) == SHMT_C_EXCLUDED, "excluded");

extern __thread shmt_thread shmt_self __attribute__((tls_model("initial-exec"))) SHMT_HIDDEN;
extern int shmt_active SHMT_HIDDEN;
/* Per event id, its count entry (NULL until the function's first call not recorded; shmt_counts.c). */
extern shmt_count_entry *shmt_count_slots[] SHMT_HIDDEN;
extern int shmt_callsites SHMT_HIDDEN;
extern unsigned shmt_tick_shift SHMT_HIDDEN;

void *shmt_resolve(const char *name) SHMT_HIDDEN;
shmt_thread *shmt_start(uint64_t t0) SHMT_HIDDEN;
void shmt_stop(unsigned state, uint64_t t) SHMT_HIDDEN;
void shmt_next_block(shmt_thread *t, uint64_t t0) SHMT_HIDDEN;
/* This PE's number, once the trace is open. */
int shmt_pe(void) SHMT_HIDDEN;
/* The thread's index in the file (registering it at its first use); -1 when the thread table is full. */
int shmt_thread_index(shmt_thread *t) SHMT_HIDDEN;
/* Pauses (1) or resumes (0) recording for the whole PE; the caller (self) is busy (shmt_regions.c). */
void shmt_set_paused(shmt_thread *self, int pause) SHMT_HIDDEN;
/* SHMEMTRACE_START: pauses until a region of that name begins (shmt_regions.c). */
void shmt_start_paused(void) SHMT_HIDDEN;
/* One line if region calls made by signal handlers during SHMEM calls were left out (shmt_regions.c). */
void shmt_regions_say_lost(int pe) SHMT_HIDDEN;
/* A call of function id made while the trace is paused: counted (unless the thread is busy: a library's own call). */
void shmt_count_paused(unsigned id) SHMT_HIDDEN;
/* Once the trace is open, before the init call's event: the filters' and profile's stubs in the GOT (shmt_started.c). */
void shmt_started(void) SHMT_HIDDEN;
/* At the end: one line for each object (5 at most) whose SHMEM calls passed the shim by (shmt_started.c). */
void shmt_say_bypasses(void) SHMT_HIDDEN;
/* The header's count of calls not recorded (in the mapped file; a dummy before there is one). */
extern uint64_t *shmt_dropped SHMT_HIDDEN;

/*
 * The comparison operators (SHMEM_CMP_*) are numbered differently by each library: Open MPI's shmem.h (and the Java
 * binding) EQ NE GT LE LT GE from 0, Sandia OpenSHMEM EQ NE GT GE LT LE from 1. A trace keeps the first numbering
 * (FORMAT.md, CMP), so that its tools can read a wait's condition without knowing the library; set when the trace
 * opens, from the object that defines shmem_init.
 */
extern int shmt_cmp_from_one SHMT_HIDDEN;

static inline int64_t shmt_cmp_code(int cmp)
{
    static const signed char from_sos[7] = {-1, 0, 1, 2, 5, 4, 3};
    if (!shmt_cmp_from_one) return cmp;
    return cmp >= 1 && cmp <= 6 ? from_sos[cmp] : -1;
}

/*
 * The thread, marked busy, or NULL when this call is not to be recorded: tracing is off or paused (the general
 * path's test; the fast path's is its limit, NULL while paused), or the thread is busy, inside a wrapper (a call from a signal handler, or the
 * library's own calls): such a call touches nothing of the thread's. One that finds the shim at work before a
 * library call can only come from a signal handler: it is counted as unrecorded (an atomic add to the mapped
 * header, safe in a handler; inline, so that the wrapper's arguments stay in their registers for the tail call).
 * One made during a library call may be the library's own (Open MPI's shmem_finalize calls shmem_barrier_all),
 * no call of the program: not counted. A handler that interrupts this function before the mark runs its own call
 * to the end before we go on, and the fence keeps every use of the thread's state after the mark.
 */
static inline __attribute__((always_inline)) shmt_thread *shmt_enter(const int fast, unsigned id, const int pausable)
{
    if (!fast && SHMT_UNLIKELY(shmt_active != SHMT_TRACING)) {
        if (shmt_active != SHMT_PAUSED) return NULL;
        if (pausable) {
            shmt_count_paused(id);
            return NULL;
        }
        /* not pausable (finalize, global_exit, region records): recorded while paused */
    }
    shmt_thread *t = &shmt_self;
    if (SHMT_UNLIKELY(t->call_start != 0)) {
        if (t->call_start == SHMT_ENTERED) __atomic_fetch_add(shmt_dropped, 1, __ATOMIC_RELAXED);
        return NULL;
    }
    t->call_start = SHMT_ENTERED;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    return t;
}

/* An excluded call (SHMEMTRACE_EXCLUDE/INCLUDE), in its exclusion stub: its entry exists before any stub is used. */
static inline void shmt_count_excluded(unsigned id)
{
    __atomic_fetch_add(&shmt_count_slots[id]->excluded, 1, __ATOMIC_RELAXED);
}

/* Not busy any more: every store to the thread's state made before it is done first (for a signal handler). */
static inline void shmt_leave(shmt_thread *t)
{
    __atomic_store_n(&t->call_start, 0, __ATOMIC_RELEASE);
}

/* Whether the next event needs shmt_next_block first: a full block (or none yet), or a pending repeat's record. */
static inline int shmt_block_change_due(shmt_thread *t)
{
    return t->cursor >= t->block_limit || t->rep_count;
}

/* Room for one event whose call starts at t0 (raw clock), out of line when the block changes. */
static inline void shmt_reserve_at(shmt_thread *t, uint64_t t0)
{
    if (SHMT_UNLIKELY(shmt_block_change_due(t))) shmt_next_block(t, t0);
}

/* Room for one event, before the call (the clock is read only when the block changes). The fast path returns
 * 0 when the call must take the general path, which always returns 1. */
static inline __attribute__((always_inline)) int shmt_reserve(shmt_thread *t, const int fast)
{
    if (fast) {
        if (SHMT_LIKELY(t->cursor < t->limit)) return 1;
        shmt_leave(t); /* the general path enters again */
        return 0;
    }
    if (SHMT_UNLIKELY(shmt_block_change_due(t))) shmt_next_block(t, shmt_now());
    return 1;
}

/* A poll call's shmt_reserve, in two halves: before the call, whether the fast path can take it (a pending
 * repeat does not stop it: the call may repeat it once more); after, if it is not a repeat, room for its event
 * (the pending repeat's record written first). */
static inline __attribute__((always_inline)) int shmt_poll_gate(shmt_thread *t, const int fast)
{
    if (!fast || t->cursor < t->limit || t->limit == SHMT_REPEATING) return 1;
    shmt_leave(t); /* the general path enters again */
    return 0;
}

static inline __attribute__((always_inline)) void shmt_poll_reserve(shmt_thread *t, const int fast)
{
    if (!fast) shmt_reserve_at(t, t->call_start);
    else if (SHMT_UNLIKELY(t->limit == SHMT_REPEATING)) shmt_next_block(t, t->call_start);
}

/* t->call_start = now (which marks the thread busy); CALL; t1 = now. The start goes to the thread, not a
 * register: nothing needs saving across the real call but the thread. The fast path is on the TSC. */
#define SHMT_TIMED_CALL(fast, t, t1, CALL) SHMT_TIMED((fast) || SHMT_CLOCK_IS_TSC, (t)->call_start, t1, CALL)

static inline shmt_thread *shmt_hold(void)
{
    shmt_thread *t = &shmt_self;
    t->outer = t->call_start == 0;
    if (t->outer) t->call_start = SHMT_HELD;
    return t;
}

static inline int shmt_is_outer(shmt_thread *t) { return t->outer; }

static inline void shmt_release(shmt_thread *t) { shmt_leave(t); }

static inline __attribute__((always_inline)) uint8_t *shmt_put_uvar(uint8_t *p, uint64_t v)
{
    if (__builtin_expect(v < 0x80, 1)) {
        p[0] = (uint8_t)v;
        return p + 1;
    }
    if (v < 0x4000) { /* unrolled: times, address deltas and sizes are often two bytes */
        p[0] = (uint8_t)(v | 0x80);
        p[1] = (uint8_t)(v >> 7);
        return p + 2;
    }
    while (v >= 0x80) {
        *p++ = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    *p++ = (uint8_t)v;
    return p;
}

static inline __attribute__((always_inline)) uint8_t *shmt_put_svar(uint8_t *p, int64_t v)
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

/* The time unit's shift: a constant on the fast path. */
static inline __attribute__((always_inline)) unsigned shmt_shift(const int fast)
{
    return fast ? SHMT_FAST_SHIFT : shmt_tick_shift;
}

/* The first byte of the record that the next event writes (after shmt_reserve). */
static inline uint8_t *shmt_record(shmt_thread *t) { return t->cursor; }

/* Writes the event's id (all but its first byte), burst and duration after rec; returns where the fields go.
 * Times (raw clock t0, t1) tile: burst = start - previous end, duration = end - start, both clamped at 0. */
static inline __attribute__((always_inline)) uint8_t *shmt_event_begin(shmt_thread *t, uint8_t *rec, unsigned id,
                                                                     uint64_t t0, uint64_t t1, const int fast)
{
    unsigned shift = shmt_shift(fast);
    uint64_t start = t0 >> shift, end = t1 >> shift;
    int64_t burst = (int64_t)(start - t->last_end);
    if (SHMT_UNLIKELY(burst < 0)) start = t->last_end, burst = 0;
    int64_t duration = (int64_t)(end - start);
    if (SHMT_UNLIKELY(duration < 0)) end = start, duration = 0;
    t->last_end = end;
    uint8_t *p = rec + 1;
    if (SHMT_UNLIKELY(id + 1 >= 0x80)) p = shmt_put_uvar(p, (id + 1) >> 7);
    p = shmt_put_uvar(p, (uint64_t)burst);
    return shmt_put_uvar(p, (uint64_t)duration);
}

/* The caller's return address: the wrapper is the function the program called. */
#define SHMT_CALLSITE __builtin_return_address(0)

/* With SHMEMTRACE_CALLSITES, the event's call site (a return address), right after its duration (the general
 * path's: call sites send every call there). */
static inline uint8_t *shmt_put_site(shmt_thread *t, uint8_t *p, const void *site, const int fast)
{
    if (fast || !shmt_callsites) return p;
    uint64_t v = (uint64_t)(uintptr_t)site;
    int64_t delta = (int64_t)(v - t->last_site);
    t->last_site = v;
    return shmt_put_svar(p, delta);
}

/* Publishes a record written from rec up to p: its first byte (of the id + 1 uvar) goes last (a release
 * store: the compiler keeps it after the others; x86 keeps stores in order), so a reader of a block cut short
 * by a crash or SIGKILL sees whole events or a 0 byte, never half an event. */
static inline void shmt_publish(shmt_thread *t, uint8_t *rec, uint8_t *p, unsigned id)
{
    unsigned v = id + 1;
    __atomic_store_n(rec, (uint8_t)(v >= 0x80 ? (v & 0x7F) | 0x80 : v), __ATOMIC_RELEASE);
    t->cursor = p;
    t->count++;
}

static inline void shmt_event_end(shmt_thread *t, uint8_t *rec, uint8_t *p, unsigned id)
{
    shmt_publish(t, rec, p, id);
    shmt_leave(t);
}

/*
 * After a poll call: if it repeats the thread's last event (the same poll call, nothing written since, the
 * same recorded fields and result), it is counted into a pending repeat instead of written, and 1 is
 * returned. The first repeat sets the limit to SHMT_REPEATING, so the next event of another kind takes the
 * general path, whose shmt_reserve writes the repeat record first (shmt_next_block). Calls that are not polls pay nothing for this.
 */
static inline __attribute__((always_inline)) int shmt_poll_repeat(shmt_thread *t, unsigned id, const uint64_t *v,
                                                                 unsigned n, uint64_t t0, uint64_t t1,
                                                                 const void *site, const int fast)
{
    if (t->poll_end != t->cursor || t->poll_id != id || t->poll_site != site) return 0;
    for (unsigned i = 0; i < n; i++) {
        if (t->poll_args[i] != v[i]) return 0;
    }
    unsigned shift = shmt_shift(fast);
    uint64_t start = t0 >> shift, end = t1 >> shift;
    uint64_t floor = t->rep_count ? t->rep_end : t->last_end;
    if ((int64_t)(start - floor) < 0) start = floor;
    if (end < start) end = start;
    if (t->rep_count == 0) {
        t->rep_start = start;
        if (t->limit != NULL) t->limit = SHMT_REPEATING;
    }
    t->rep_count++;
    t->rep_calls += end - start;
    t->rep_end = end;
    shmt_leave(t);
    return 1;
}

/* shmt_event_end for a poll event: it is remembered, for its repeats to be compared with, before the thread is
 * left (a call from a signal handler in between would otherwise be taken for what the repeats follow). */
static inline void shmt_poll_event_end(shmt_thread *t, uint8_t *rec, uint8_t *p, unsigned id, const uint64_t *v,
                                       unsigned n, const void *site)
{
    shmt_publish(t, rec, p, id);
    t->poll_id = id;
    t->poll_site = site;
    for (unsigned i = 0; i < n; i++) t->poll_args[i] = v[i];
    t->poll_end = t->cursor;
    shmt_leave(t);
}

#endif
