typedef void (*shmt_fn_shmem_long_wait_until)(volatile long *, int, long);
static void shmt_first_shmem_long_wait_until(volatile long *ivar, int cmp, long value);
static shmt_fn_shmem_long_wait_until real_shmem_long_wait_until = shmt_first_shmem_long_wait_until;
static void shmt_first_shmem_long_wait_until(volatile long *ivar, int cmp, long value)
{
    real_shmem_long_wait_until = (shmt_fn_shmem_long_wait_until)shmt_resolve("shmem_long_wait_until");
    real_shmem_long_wait_until(ivar, cmp, value); return;
}
SHMT_HIDDEN void shmt_excluded_shmem_long_wait_until(volatile long *ivar, int cmp, long value)
{
    shmt_count_excluded(SHMT_ID_shmem_long_wait_until);
    real_shmem_long_wait_until(ivar, cmp, value); return;
}
SHMT_HIDDEN void shmt_profiled_shmem_long_wait_until(volatile long *ivar, int cmp, long value)
{
    shmt_thread *shmt_t = shmt_enter(0, SHMT_ID_shmem_long_wait_until, 1);
    if (SHMT_UNLIKELY(shmt_t == NULL)) { real_shmem_long_wait_until(ivar, cmp, value); return; }
    uint64_t shmt_t1;
    SHMT_TIMED_CALL(0, shmt_t, shmt_t1, real_shmem_long_wait_until(ivar, cmp, value));
    shmt_profile_add(shmt_t, SHMT_ID_shmem_long_wait_until, shmt_t1, 0, SHMT_CALLSITE);
}
static void shmt_general_shmem_long_wait_until(volatile long *ivar, int cmp, long value);
static inline __attribute__((always_inline)) void shmt_traced_shmem_long_wait_until(const int shmt_fast, const void *shmt_site, volatile long *ivar, int cmp, long value)
{
    shmt_thread *shmt_t = shmt_enter(shmt_fast, SHMT_ID_shmem_long_wait_until, 1);
    if (SHMT_UNLIKELY(shmt_t == NULL)) { real_shmem_long_wait_until(ivar, cmp, value); return; }
    if (SHMT_UNLIKELY(!shmt_reserve(shmt_t, shmt_fast))) { shmt_general_shmem_long_wait_until(ivar, cmp, value); return; }
    shmt_t->saved[0] = (uint64_t)(uintptr_t)(ivar);
    shmt_t->saved[1] = (uint64_t)shmt_cmp_code(cmp);
    shmt_t->saved[2] = (uint64_t)(int64_t)(value);
    uint64_t shmt_t1;
    SHMT_TIMED_CALL(shmt_fast, shmt_t, shmt_t1, real_shmem_long_wait_until(ivar, cmp, value));
    uint8_t *shmt_r = shmt_record(shmt_t);
    uint8_t *shmt_p = shmt_event_begin(shmt_t, shmt_r, SHMT_ID_shmem_long_wait_until, shmt_t->call_start, shmt_t1, shmt_fast);
    shmt_p = shmt_put_site(shmt_t, shmt_p, shmt_site, shmt_fast);
    shmt_p = shmt_put_addr(shmt_t, shmt_p, shmt_t->saved[0]);
    shmt_p = shmt_put_svar(shmt_p, (int64_t)shmt_t->saved[1]);
    shmt_p = shmt_put_svar(shmt_p, (int64_t)shmt_t->saved[2]);
    shmt_event_end(shmt_t, shmt_r, shmt_p, SHMT_ID_shmem_long_wait_until);
}
/* Reached from the wrapper by a tail call (a jump): its return address is the program's call site. */
static __attribute__((noinline)) void shmt_general_shmem_long_wait_until(volatile long *ivar, int cmp, long value)
{
    if (SHMT_UNLIKELY(shmt_profiling)) { shmt_profiled_shmem_long_wait_until(ivar, cmp, value); return; }
    shmt_traced_shmem_long_wait_until(0, SHMT_CALLSITE, ivar, cmp, value); return;
}
void shmem_long_wait_until(volatile long *ivar, int cmp, long value)
{
    shmt_traced_shmem_long_wait_until(1, SHMT_CALLSITE, ivar, cmp, value); return;
}

