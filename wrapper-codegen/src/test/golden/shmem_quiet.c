typedef void (*shmt_fn_shmem_quiet)(void);
static void shmt_first_shmem_quiet(void);
static shmt_fn_shmem_quiet real_shmem_quiet = shmt_first_shmem_quiet;
static void shmt_first_shmem_quiet(void)
{
    real_shmem_quiet = (shmt_fn_shmem_quiet)shmt_resolve("shmem_quiet");
    real_shmem_quiet(); return;
}
SHMT_HIDDEN void shmt_excluded_shmem_quiet(void)
{
    shmt_count_excluded(SHMT_ID_shmem_quiet);
    real_shmem_quiet(); return;
}
SHMT_HIDDEN void shmt_profiled_shmem_quiet(void)
{
    shmt_thread *shmt_t = shmt_enter(0, SHMT_ID_shmem_quiet, 1);
    if (SHMT_UNLIKELY(shmt_t == NULL)) { real_shmem_quiet(); return; }
    uint64_t shmt_t1;
    SHMT_TIMED_CALL(0, shmt_t, shmt_t1, real_shmem_quiet());
    shmt_profile_add(shmt_t, SHMT_ID_shmem_quiet, shmt_t1, 0, SHMT_CALLSITE);
}
static void shmt_general_shmem_quiet(void);
static inline __attribute__((always_inline)) void shmt_traced_shmem_quiet(const int shmt_fast, const void *shmt_site)
{
    shmt_thread *shmt_t = shmt_enter(shmt_fast, SHMT_ID_shmem_quiet, 1);
    if (SHMT_UNLIKELY(shmt_t == NULL)) { real_shmem_quiet(); return; }
    if (SHMT_UNLIKELY(!shmt_reserve(shmt_t, shmt_fast))) { shmt_general_shmem_quiet(); return; }
    uint64_t shmt_t1;
    SHMT_TIMED_CALL(shmt_fast, shmt_t, shmt_t1, real_shmem_quiet());
    uint8_t *shmt_r = shmt_record(shmt_t);
    uint8_t *shmt_p = shmt_event_begin(shmt_t, shmt_r, SHMT_ID_shmem_quiet, shmt_t->call_start, shmt_t1, shmt_fast);
    shmt_p = shmt_put_site(shmt_t, shmt_p, shmt_site, shmt_fast);
    shmt_event_end(shmt_t, shmt_r, shmt_p, SHMT_ID_shmem_quiet);
}
/* Reached from the wrapper by a tail call (a jump): its return address is the program's call site. */
static __attribute__((noinline)) void shmt_general_shmem_quiet(void)
{
    if (SHMT_UNLIKELY(shmt_profiling)) { shmt_profiled_shmem_quiet(); return; }
    shmt_traced_shmem_quiet(0, SHMT_CALLSITE); return;
}
void shmem_quiet(void)
{
    shmt_traced_shmem_quiet(1, SHMT_CALLSITE); return;
}

