/*
 * shmembench harness: the timing loop, its statistics and the count of every SHMEM call the program makes.
 * Shared by every class template; valid C99 and C++. The generated part before it defines N_APIS, the
 * API_<name> indices, api_names[], api_elem[] (bytes per element, from event-spec.xml), api_counted[]
 * (1 where the trace counts elements, 0 where a call moves one element), MAX_BYTES (the largest buffer a call
 * of one PE touches) and BENCH_STRIDE (the configuration's STRIDE).
 *
 * How it times (SKaMPI-OpenSHMEM): a sample runs a body over `iters` calls between two clock reads, never one
 * clock read per call; iters doubles until a sample lasts TARGET_US; samples repeat until the relative
 * standard error of their mean is under 2 % (at least MIN_REPS) or the repetition cap is reached. Where
 * $SHMEMBENCH_CASE_BUDGET_US gives a case a time budget (calibrate's deadline), samples past it stop at MIN_REPS
 * whatever their error: a busy machine gets noisier rows (each row says its error), not a run without end.
 */
#include <math.h>
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef TARGET_US
#define TARGET_US 500.0 /* a sample lasts at least this long (verify builds with less: it checks counts, not times) */
#endif
#define MIN_REPS 5
#define MAX_REPS_LIMIT 10000
#define RSE_GOAL 0.02
#define PSYNC_SETS 4 /* the ack broadcast rotates pSync arrays: PEs may be a round apart */
#define PSYNC_LEN (SHMEM_REDUCE_SYNC_SIZE > SHMEM_COLLECT_SYNC_SIZE ? SHMEM_REDUCE_SYNC_SIZE : SHMEM_COLLECT_SYNC_SIZE)

typedef void (*body_fn)(long iters);

static int me, npes, peer;      /* peer: the PE that PE 0 talks to (the last one) */
static long n;                  /* elements per call in the running case */
static long stride;             /* iput/iget stride */
static long root_turn;          /* collectives' rotating root: the call's root is root_turn % npes */
static char *src, *dst, *pwrk;  /* symmetric buffers */
static long *psync, *ctl, *ack;
static char *flag;              /* ping-pong flag, of the waited type */
static long pp_round, acks_expected;
static double spin_per_us;      /* compute() units per microsecond */
static long compute_units;      /* the overlap variant's compute per call */
static volatile double spin_sink;
static long calls_made[N_APIS], bytes_made[N_APIS];
static double case_budget_us;   /* 0: none; else a case's samples past it stop at MIN_REPS (PE 0 decides) */
static double case_start_us;

static void count_calls(int api, long calls, long nelems) {
    calls_made[api] += calls;
    bytes_made[api] += calls * api_elem[api] * (api_counted[api] ? nelems : 1);
}

/* The harness's own SHMEM calls, counted like the benchmarked ones. */
static void h_barrier_all(void) { shmem_barrier_all(); count_calls(API_shmem_barrier_all, 1, 0); }
static void h_quiet(void) { shmem_quiet(); count_calls(API_shmem_quiet, 1, 0); }
static long h_long_g(const long *addr, int pe) { long v = shmem_long_g(addr, pe); count_calls(API_shmem_long_g, 1, 0); return v; }
static void *h_malloc(size_t bytes) { void *p = shmem_malloc(bytes); count_calls(API_shmem_malloc, 1, 0); return p; }
static void h_free(void *p) { shmem_free(p); count_calls(API_shmem_free, 1, 0); }

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double) t.tv_sec * 1e6 + (double) t.tv_nsec * 1e-3;
}

static void compute(long units) {
    double x = 0;
    for (long i = 0; i < units; i++) x += (double) i * 0.5;
    spin_sink = x;
}

/*
 * PE 0 decides, every PE learns the decision: the others fetch it from PE 0 (a get returns what is there when it
 * returns), and a second barrier keeps PE 0 from writing its next decision before all have fetched this one. PE 0 used
 * to put the decision to each PE before one barrier: now and then a PE read the decision before last, took one
 * sample more than PE 0, and from then on their barriers paired wrongly until the job hung in shmem_finalize against
 * a shmem_free (gdb; a get_nbi case's rows repeated by the retry, issue 41).
 */
static long agree(long value) {
    if (me == 0) *ctl = value;
    h_barrier_all();
    long decided = me == 0 ? value : h_long_g(ctl, 0);
    h_barrier_all();
    return decided;
}

/*
 * A body that times only a part of each of its calls (a lock's acquire or its release: the two cannot be looped
 * apart) sets this to 0 and adds that part's microseconds to it; the sample is then those, not the whole body.
 */
static double part_us;

/* One sample: microseconds for `iters` calls of body on every PE; tail (untimed) completes what body posted. */
static double sample_us(body_fn body, body_fn tail, long iters) {
    h_barrier_all();
    part_us = -1;
    double t0 = now_us();
    body(iters);
    double t = now_us() - t0;
    if (tail) tail(iters);
    return part_us >= 0 ? part_us : t;
}

/*
 * low and high: the ends a prediction's interval takes (the machine file's bytes:median:low:high), the samples past
 * their fastest and slowest tenth; of fewer than ten samples, the fastest and the slowest. One stray sample among
 * a noisy row's thirty (a queue's depth-1 row on a global: median 0.69 us, slowest of its 200 samples 166) no longer sets a width.
 */
typedef struct { int reps; double min, median, max, rse, low, high; } stats;

static int by_value(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static double rse_of(const double *s, int k) {
    double mean = 0, var = 0;
    for (int i = 0; i < k; i++) mean += s[i];
    mean /= k;
    for (int i = 0; i < k; i++) var += (s[i] - mean) * (s[i] - mean);
    if (k < 2 || mean <= 0) return 1.0;
    return sqrt(var / (k - 1)) / sqrt((double) k) / mean;
}

/* The statistics of k samples (sorted in place). */
static stats summarise(double *samples, int k) {
    stats s;
    s.reps = k;
    s.rse = rse_of(samples, k);
    qsort(samples, (size_t) k, sizeof(double), by_value);
    s.min = samples[0];
    s.median = k % 2 ? samples[k / 2] : (samples[k / 2 - 1] + samples[k / 2]) / 2;
    s.max = samples[k - 1];
    s.low = samples[k / 10];
    s.high = samples[k - 1 - k / 10];
    return s;
}

/* Microseconds per call of body, as statistics over samples; meaningful on PE 0. */
static stats measure(body_fn body, body_fn tail, int max_reps) {
    static double samples[MAX_REPS_LIMIT];
    long iters = 1;
    for (;;) {  /* warm up and size the sample */
        double t = sample_us(body, tail, iters);
        long next = agree(t < TARGET_US && iters < (1L << 28) ? iters * 2 : 0);
        if (next == 0) break;
        iters = next;
    }
    int k = 0;
    for (;;) {
        samples[k++] = sample_us(body, tail, iters) / (double) iters;
        int spent = case_budget_us > 0 && case_start_us > 0 && now_us() - case_start_us > case_budget_us;
        int more = k < max_reps && (k < MIN_REPS || (!spent && rse_of(samples, k) >= RSE_GOAL));
        if (!agree(more)) break;
    }
    return summarise(samples, k);
}

static double median_of(body_fn body, body_fn tail, int max_reps) { return measure(body, tail, max_reps).median; }

/* One result row, on PE 0: the statistics (none below 0), the depth of the queue's rows (0: none), low and high. */
static void print_row(int test, const char *lang, int api, const char *variant, long bytes, stats s, long depth) {
    if (me != 0) return;
    printf("ROW\t%d\t%s\t%s\t%s\t%ld\t%ld\t%ld\t%d\t%.6f\t%.6f\t%.6f\t%.4f\t%ld\t%.6f\t%.6f\n", test, api_names[api], lang,
           variant, n, stride, bytes, s.reps, s.min > 0 ? s.min : 0, s.median > 0 ? s.median : 0, s.max > 0 ? s.max : 0,
           s.rse, depth, s.low > 0 ? s.low : 0, s.high > 0 ? s.high : 0);
    fflush(stdout);
}

/*
 * One result row: the statistics less a baseline per call (the part of the loop that is not the call), times scale
 * (a ping-pong's round trip counts twice).
 */
static void report(int test, const char *lang, int api, const char *variant, long bytes, stats s, double base,
                   double scale) {
    s.min = (s.min - base) * scale;
    s.median = (s.median - base) * scale;
    s.max = (s.max - base) * scale;
    s.low = (s.low - base) * scale;
    s.high = (s.high - base) * scale;
    print_row(test, lang, api, variant, bytes, s, 0);
}

/* Baselines, measured once per program. */
static void body_quiet_empty(long iters) { for (long i = 0; i < iters; i++) shmem_quiet(); count_calls(API_shmem_quiet, iters, 0); }
static void body_barrier(long iters) { for (long i = 0; i < iters; i++) shmem_barrier_all(); count_calls(API_shmem_barrier_all, iters, 0); }
static void body_compute(long iters) { for (long i = 0; i < iters; i++) compute(compute_units); }
static double quiet_base, barrier_base;

#ifdef BENCH_STATIC_DATA
/* Built with -DBENCH_STATIC_DATA: the buffers and the ping-pong flag are static symmetric data (globals) instead
 * of the symmetric heap, which some OpenSHMEMs reach another way (Open MPI over UCX: through the target's progress
 * where the heap is shared memory); sized for BENCH_STATIC_PES PEs. */
#define BENCH_STATIC_PES 16
static char static_src[(size_t) MAX_BYTES * BENCH_STATIC_PES + 64];
static char static_dst[(size_t) MAX_BYTES * BENCH_STATIC_PES + 64];
static long static_flag;
#endif

static void harness_start(long max_bytes) {
    shmem_init();
    count_calls(API_shmem_init, 1, 0);
    me = shmem_my_pe();
    count_calls(API_shmem_my_pe, 1, 0);
    const char *budget = getenv("SHMEMBENCH_CASE_BUDGET_US");
    case_budget_us = budget ? atof(budget) : 0;
    npes = shmem_n_pes();
    count_calls(API_shmem_n_pes, 1, 0);
#ifdef BENCH_SELF
    peer = 0; /* built with -DBENCH_SELF: PE 0 operates on its own memory (what a program's calls to itself cost) */
#else
    peer = npes - 1;
#endif
    stride = BENCH_STRIDE;
    size_t buf = (size_t) max_bytes * (size_t) npes + 64;
#ifdef BENCH_STATIC_DATA
    if (npes > BENCH_STATIC_PES) {
        if (me == 0) printf("SKIP\tstatic data\tmore than %d PEs\n", BENCH_STATIC_PES);
        shmem_global_exit(0);
    }
    src = static_src;
    dst = static_dst;
#else
    src = (char *) h_malloc(buf);
    dst = (char *) h_malloc(buf);
#endif
    pwrk = (char *) h_malloc(buf + 16 * (size_t) SHMEM_REDUCE_MIN_WRKDATA_SIZE);
    psync = (long *) h_malloc(PSYNC_SETS * PSYNC_LEN * sizeof(long));
    ctl = (long *) h_malloc(4 * sizeof(long));
#ifdef BENCH_STATIC_DATA
    flag = (char *) &static_flag;
#else
    flag = (char *) (ctl + 1);
#endif
    ack = ctl + 2;
    memset(src, 1, buf);
    memset(dst, 0, buf);
    for (int i = 0; i < PSYNC_SETS * PSYNC_LEN; i++) psync[i] = SHMEM_SYNC_VALUE;
    memset(ctl, 0, 4 * sizeof(long));
    double t0 = now_us();
    compute(10000000);
    spin_per_us = 1e7 / (now_us() - t0);
    h_barrier_all();
    quiet_base = median_of(body_quiet_empty, NULL, 20);
    barrier_base = median_of(body_barrier, NULL, 20);
}

#define MAX_SKIPPED 64
static int skipped_case[MAX_SKIPPED], skipped_cases;

/* Starts a case: PE 0 names it first, so that a run that dies inside the library says where. */
static int case_begins(int index, int start, int api, long nelems) {
    if (index < start) return 0;
    for (int i = 0; i < skipped_cases; i++) if (skipped_case[i] == index) return 0;
    if (me == 0) { printf("CASE\t%d\t%s\n", index, api_names[api]); fflush(stdout); }
    case_start_us = now_us();
    n = nelems;
    *(long *) flag = 0;
    *ack = 0;
    pp_round = 0;
    acks_expected = 0;
    root_turn = 0;
    h_barrier_all();
    return 1;
}

static void harness_end(void) {
    h_barrier_all();
    h_free(pwrk);
#ifndef BENCH_STATIC_DATA
    h_free(dst);
    h_free(src);
#endif
    h_free(psync);
    h_free(ctl);
    count_calls(API_shmem_finalize, 1, 0);
    /* Each PE's counts go to a file of its own where $SHMEMBENCH_COUNTS names a directory: oshrun may splice
     * the PEs' stdout lines into one another. */
    const char *dir = getenv("SHMEMBENCH_COUNTS");
    char path[4096];
    FILE *f = stdout;
    if (dir && snprintf(path, sizeof path, "%s/pe%d.counts", dir, me) < (int) sizeof path) f = fopen(path, "w");
    if (!f) f = stdout;
    for (int a = 0; a < N_APIS; a++) {
        if (calls_made[a]) fprintf(f, "COUNT\t%d\t%s\t%ld\t%ld\n", me, api_names[a], calls_made[a], bytes_made[a]);
    }
    if (f != stdout) fclose(f);
    fflush(stdout);
    shmem_finalize();
}

/* Pointer arguments: C converts void * to the parameter's type; C++ needs a conversion operator for it. */
#ifdef __cplusplus
struct any_ptr {
    void *p;
    template <class T> operator T *() const { return (T *) p; }
};
static any_ptr PTR(const volatile void *p) { any_ptr a; a.p = (void *) p; return a; }
#else
#define PTR(p) ((void *) (p))
#endif

/*
 * PE 0 and the last PE make `iters` calls at each other at once (the last PE's go to PE 0 meanwhile; with mixed,
 * every other one to the caller itself, as gups); the other PEs none. The both-ways cases: the puts' queue and
 * mixed queue, the gets' mutual.
 */
#define AT_EACH_OTHER(API, iters, mixed, ...)                                       \
    do {                                                                            \
        if (me != 0 && me != peer) break;                                           \
        int to_ = peer, other_ = me == 0 ? peer : 0;                                \
        for (long i = 0; i < (iters); i++) { peer = (mixed) && (i & 1) ? me : other_; __VA_ARGS__; } \
        peer = to_;                                                                 \
        count_calls(API, iters, n);                                                 \
    } while (0)

/* Calls timed as they return (gets, fetching atomics, tests): PE 0 calls, the others wait. And mutual, for a call
 * that reads one element of another PE (g, fetching atomics): PE 0 and the last PE call at each other at once, a
 * barrier ending the sample, as the puts' mutual rows: what a PE pays when it also serves the other's (cg's two
 * neighbours get each other's ends at once: 24 % dearer than calibrate's g with the other PE idle, on two hosts). */
#define BENCH_RETURN(ID, API, ...)                                                  \
    static void body_##ID(long iters) {                                             \
        if (me != 0) return;                                                        \
        for (long i = 0; i < iters; i++) { __VA_ARGS__; }                           \
        count_calls(API, iters, n);                                                 \
    }                                                                               \
    static inline void mutual_##ID(long iters) {                                    \
        AT_EACH_OTHER(API, iters, 0, __VA_ARGS__);                                  \
        h_barrier_all();                                                            \
    }

/* Calls whose remote effect completes at a later quiet (puts, non-fetching atomics): call + quiet; streamed,
 * back to back with one quiet that ends the sample (what a PE pays per call when it issues many, their completion
 * included: the gap, where call + quiet is the latency); and mutual: streamed while the other PE streams the same
 * at it, until both are done (what a PE pays when it also takes the other's: the difference is its time to serve
 * one). A barrier ends the sample, one per sample of 500 us or more (a part in a thousand here, 3 % over TCP):
 * timed to PE 0's quiet alone, the row depended on how far the two streams happened to overlap, and two
 * processes of one calibration disagreed by 1.5-1.7 times on 5 to 7 of the 28 mutual rows on globals. And spaced:
 * each call followed by computation long enough for its transfer to leave (run_complete). */
#define BENCH_COMPLETE(ID, API, ...)                                                \
    static void body_##ID(long iters) {                                             \
        if (me != 0) return;                                                        \
        for (long i = 0; i < iters; i++) { __VA_ARGS__; shmem_quiet(); }            \
        count_calls(API, iters, n);                                                 \
        count_calls(API_shmem_quiet, iters, 0);                                     \
    }                                                                               \
    static void stream_##ID(long iters) {                                           \
        if (me != 0) return;                                                        \
        for (long i = 0; i < iters; i++) { __VA_ARGS__; }                           \
        shmem_quiet();                                                              \
        count_calls(API, iters, n);                                                 \
        count_calls(API_shmem_quiet, 1, 0);                                         \
    }                                                                               \
    static void spaced_##ID(long iters) {                                           \
        if (me != 0) return;                                                        \
        for (long i = 0; i < iters; i++) { __VA_ARGS__; compute(compute_units); }   \
        shmem_quiet();                                                              \
        count_calls(API, iters, n);                                                 \
        count_calls(API_shmem_quiet, 1, 0);                                         \
    }                                                                               \
    static void queue_##ID(long iters) { AT_EACH_OTHER(API, iters, 0, __VA_ARGS__); } \
    static inline void mixed_##ID(long iters) { AT_EACH_OTHER(API, iters, 1, __VA_ARGS__); } \
    static void mutual_##ID(long iters) {                                           \
        queue_##ID(iters);                                                          \
        if (me == 0 || me == peer) h_quiet();                                       \
        h_barrier_all(); /* the sample ends when both are done, not when PE 0 is */ \
    }

/* _nbi calls, timed four ways: Full (call, quiet), Post (the calls alone, completed untimed), Overlap. */
#define BENCH_NBI(ID, API, ...)                                                     \
    static void full_##ID(long iters) {                                             \
        if (me != 0) return;                                                        \
        for (long i = 0; i < iters; i++) { __VA_ARGS__; shmem_quiet(); }            \
        count_calls(API, iters, n);                                                 \
        count_calls(API_shmem_quiet, iters, 0);                                     \
    }                                                                               \
    static void post_##ID(long iters) {                                             \
        if (me != 0) return;                                                        \
        for (long i = 0; i < iters; i++) { __VA_ARGS__; }                           \
        count_calls(API, iters, n);                                                 \
    }                                                                               \
    static void overlap_##ID(long iters) {                                          \
        if (me != 0) return;                                                        \
        for (long i = 0; i < iters; i++) { __VA_ARGS__; compute(compute_units); shmem_quiet(); } \
        count_calls(API, iters, n);                                                 \
        count_calls(API_shmem_quiet, iters, 0);                                     \
    }                                                                               \
    static void busy_##ID(long iters) {                                             \
        if (me == 0) {                                                              \
            for (long i = 0; i < iters; i++) { __VA_ARGS__; shmem_quiet(); }        \
            count_calls(API, iters, n);                                             \
            count_calls(API_shmem_quiet, iters, 0);                                 \
        } else if (me == peer) {                                                    \
            for (long i = 0; i < iters; i++) compute(compute_units);                \
        }                                                                           \
    }

/* The compute() units of us microseconds, as every PE agrees on them: a variant's computation per call. */
static void compute_for_us(double us) {
    compute_units = (long) (agree((long) (us * 1000)) / 1000.0 * spin_per_us) + 1;
}

/*
 * The rows of a call timed to completion: +quiet (call + quiet, less an empty quiet: the latency), stream (the
 * gap), mutual; and spaced = call, then compute for twice the slower of +quiet and stream, less the compute alone:
 * the call on an idle link (LogGP's o), where a slow link's stream is the link's time per call, not the caller's.
 */
static inline void run_complete(int test, const char *lang, int api, long bytes, int reps, body_fn body,
                                body_fn stream, body_fn mutual, body_fn spaced) {
    stats full = measure(body, NULL, reps);
    stats s = measure(stream, NULL, reps);
    report(test, lang, api, "+quiet", bytes, full, quiet_base, 1);
    report(test, lang, api, "stream", bytes, s, 0, 1);
    report(test, lang, api, "mutual", bytes, measure(mutual, NULL, reps), 0, 1);
    compute_for_us(2 * (full.median > s.median ? full.median : s.median));
    stats c = measure(body_compute, NULL, reps);
    report(test, lang, api, "spaced", bytes, measure(spaced, NULL, reps), c.median, 1);
}

/*
 * The library's queue (issue 46, item 4), for calls that move one element (p, non-fetching atomics): PE 0 and the
 * last PE post `depth` calls at each other back to back, then quiet. posted = the posts per call, drained = the
 * quiet per call, each over samples of depth calls (QUEUE_CALLS calls in all, 5 to QUEUE_SAMPLES samples). A
 * library that sends as it posts pays in the posts and drains little; one that queues (Open MPI on globals: 0.05 us
 * a post on shared memory, 0.54-0.59 us a call drained at 65,536) pays at the quiet. Every PE takes the same
 * number of samples (the count follows from depth), so nothing is agreed. Then the same with every other call to
 * the PE itself (mixed-posted, mixed-drained; not where PE 0 calls only itself): calls to oneself drain nothing
 * alone, but made while the queue holds calls they do its work (Open MPI on shared memory: 0.81 us a pair of calls
 * at 300,000 against 0.66 for the other's call alone, scripts/bench-drain.sh).
 */
#define QUEUE_CALLS 65536
#define QUEUE_SAMPLES 200
static void run_queue_rows(int test, const char *lang, int api, long bytes, body_fn queue, const char *posted_row,
                           const char *drained_row);

static inline void run_queue(int test, const char *lang, int api, long bytes, body_fn queue, body_fn mixed) {
    run_queue_rows(test, lang, api, bytes, queue, "posted", "drained");
    if (peer != 0) run_queue_rows(test, lang, api, bytes, mixed, "mixed-posted", "mixed-drained");
}

/*
 * The queue's two rows from the same samples. A sample's posts and its drain belong together: a library that sends
 * as it posts for one sample and queues for the next (at 100 Mbit/s 6.0 us a post and 2.6 a drain, then 0.8 and 5.7)
 * has two medians apart that no sample measured. Each row's median is its value in the sample whose posts and drain
 * together are the median (of an even count the lower); its low and high ends are its own, widened to that median.
 */
static void summarise_pair(double *posted, double *drained, int k, stats *p, stats *d) {
    static double total[QUEUE_SAMPLES];
    for (int i = 0; i < k; i++) total[i] = posted[i] + drained[i];
    int middle = 0;
    for (int i = 0; i < k; i++) { /* its rank: the samples below it, and equal ones before it */
        int rank = 0;
        for (int j = 0; j < k; j++) rank += total[j] < total[i] || (total[j] == total[i] && j < i);
        if (rank == (k - 1) / 2) middle = i;
    }
    double pm = posted[middle], dm = drained[middle];
    *p = summarise(posted, k); /* sorts each in place: the pair's values are taken first */
    *d = summarise(drained, k);
    p->median = pm;
    d->median = dm;
    if (p->low > pm) p->low = pm;
    if (p->high < pm) p->high = pm;
    if (d->low > dm) d->low = dm;
    if (d->high < dm) d->high = dm;
}

static void run_queue_rows(int test, const char *lang, int api, long bytes, body_fn queue, const char *posted_row,
                           const char *drained_row) {
    static double posted[QUEUE_SAMPLES], drained[QUEUE_SAMPLES];
    for (long depth = 1; depth <= QUEUE_CALLS; depth *= 16) {
        int reps = (int) (QUEUE_CALLS / depth);
        if (reps < MIN_REPS) reps = MIN_REPS;
        if (reps > QUEUE_SAMPLES) reps = QUEUE_SAMPLES;
        for (int k = 0; k < reps; k++) {
            h_barrier_all();
            double t0 = now_us();
            queue(depth);
            double t1 = now_us();
            if (me == 0 || me == peer) h_quiet();
            double t2 = now_us();
            posted[k] = (t1 - t0) / (double) depth;
            drained[k] = (t2 - t1) / (double) depth;
        }
        stats p, d;
        summarise_pair(posted, drained, reps, &p, &d);
        print_row(test, lang, api, posted_row, bytes, p, depth);
        print_row(test, lang, api, drained_row, bytes, d, depth);
    }
}

static void tail_quiet(long iters) { (void) iters; if (me == 0) h_quiet(); }

/*
 * The rows of an _nbi call: full; post; quiet = full less post (derived: a loop cannot time the quiet
 * alone without a clock read per call); overlap = post, compute for twice the full time, quiet, less the
 * compute alone: the part of the transfer that computation did not hide; busy-target = call + quiet while the
 * target computes ten times the full time per call and never enters the library (the MPI-overlap papers'
 * progress test): about the full time where transfers progress on their own, about the target's compute where
 * they complete only at its next library call.
 */
static inline void run_nbi(int test, const char *lang, int api, long bytes, int reps, body_fn full, body_fn post,
                    body_fn overlap, body_fn busy) {
    stats f = measure(full, NULL, reps);
    stats p = measure(post, tail_quiet, reps);
    report(test, lang, api, "full", bytes, f, 0, 1);
    report(test, lang, api, "post", bytes, p, 0, 1);
    report(test, lang, api, "quiet", bytes, f, p.median, 1);
    compute_for_us(2 * f.median);
    stats c = measure(body_compute, NULL, reps);
    stats o = measure(overlap, NULL, reps);
    report(test, lang, api, "overlap", bytes, o, c.median, 1);
    if (npes > 1) {
        compute_for_us(10 * f.median);
        stats b = measure(busy, NULL, reps);
        report(test, lang, api, "busy-target", bytes, b, 0, 1);
    }
}
