typedef void (*shmt_fn_shmem_barrier_all)(void);
static void shmt_first_shmem_barrier_all(void);
static shmt_fn_shmem_barrier_all real_shmem_barrier_all = shmt_first_shmem_barrier_all;
static void shmt_first_shmem_barrier_all(void)
{
    real_shmem_barrier_all = (shmt_fn_shmem_barrier_all)shmt_resolve("shmem_barrier_all");
    real_shmem_barrier_all(); return;
}
SHMT_HIDDEN void shmt_excluded_shmem_barrier_all(void)
{
    shmt_count_excluded(SHMT_ID_shmem_barrier_all);
    real_shmem_barrier_all(); return;
}
SHMT_HIDDEN void shmt_profiled_shmem_barrier_all(void)
{
    shmt_thread *shmt_t = shmt_enter(0, SHMT_ID_shmem_barrier_all, 1);
    if (SHMT_UNLIKELY(shmt_t == NULL)) { real_shmem_barrier_all(); return; }
    uint64_t shmt_t1;
    SHMT_TIMED_CALL(0, shmt_t, shmt_t1, real_shmem_barrier_all());
    shmt_profile_add(shmt_t, SHMT_ID_shmem_barrier_all, shmt_t1, 0, SHMT_CALLSITE);
}
static void shmt_general_shmem_barrier_all(void);
static inline __attribute__((always_inline)) void shmt_traced_shmem_barrier_all(const int shmt_fast, const void *shmt_site)
{
    shmt_thread *shmt_t = shmt_enter(shmt_fast, SHMT_ID_shmem_barrier_all, 1);
    if (SHMT_UNLIKELY(shmt_t == NULL)) { real_shmem_barrier_all(); return; }
    if (SHMT_UNLIKELY(!shmt_reserve(shmt_t, shmt_fast))) { shmt_general_shmem_barrier_all(); return; }
    uint64_t shmt_t1;
    SHMT_TIMED_CALL(shmt_fast, shmt_t, shmt_t1, real_shmem_barrier_all());
    uint8_t *shmt_r = shmt_record(shmt_t);
    uint8_t *shmt_p = shmt_event_begin(shmt_t, shmt_r, SHMT_ID_shmem_barrier_all, shmt_t->call_start, shmt_t1, shmt_fast);
    shmt_p = shmt_put_site(shmt_t, shmt_p, shmt_site, shmt_fast);
    shmt_event_end(shmt_t, shmt_r, shmt_p, SHMT_ID_shmem_barrier_all);
}
/* Reached from the wrapper by a tail call (a jump): its return address is the program's call site. */
static __attribute__((noinline)) void shmt_general_shmem_barrier_all(void)
{
    if (SHMT_UNLIKELY(shmt_profiling)) { shmt_profiled_shmem_barrier_all(); return; }
    shmt_traced_shmem_barrier_all(0, SHMT_CALLSITE); return;
}
void shmem_barrier_all(void)
{
    shmt_traced_shmem_barrier_all(1, SHMT_CALLSITE); return;
}

