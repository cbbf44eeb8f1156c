typedef void (*shmt_fn_shmem_long_p)(long *, long, int);
static void shmt_first_shmem_long_p(long *addr, long value, int pe);
static shmt_fn_shmem_long_p real_shmem_long_p = shmt_first_shmem_long_p;
static void shmt_first_shmem_long_p(long *addr, long value, int pe)
{
    real_shmem_long_p = (shmt_fn_shmem_long_p)shmt_resolve("shmem_long_p");
    real_shmem_long_p(addr, value, pe); return;
}
SHMT_HIDDEN void shmt_excluded_shmem_long_p(long *addr, long value, int pe)
{
    shmt_count_excluded(SHMT_ID_shmem_long_p);
    real_shmem_long_p(addr, value, pe); return;
}
SHMT_HIDDEN void shmt_profiled_shmem_long_p(long *addr, long value, int pe)
{
    shmt_thread *shmt_t = shmt_enter(0, SHMT_ID_shmem_long_p, 1);
    if (SHMT_UNLIKELY(shmt_t == NULL)) { real_shmem_long_p(addr, value, pe); return; }
    uint64_t shmt_t1;
    SHMT_TIMED_CALL(0, shmt_t, shmt_t1, real_shmem_long_p(addr, value, pe));
    shmt_profile_add(shmt_t, SHMT_ID_shmem_long_p, shmt_t1, (uint64_t)8, SHMT_CALLSITE);
}
static void shmt_general_shmem_long_p(long *addr, long value, int pe);
static inline __attribute__((always_inline)) void shmt_traced_shmem_long_p(const int shmt_fast, const void *shmt_site, long *addr, long value, int pe)
{
    shmt_thread *shmt_t = shmt_enter(shmt_fast, SHMT_ID_shmem_long_p, 1);
    if (SHMT_UNLIKELY(shmt_t == NULL)) { real_shmem_long_p(addr, value, pe); return; }
    if (SHMT_UNLIKELY(!shmt_reserve(shmt_t, shmt_fast))) { shmt_general_shmem_long_p(addr, value, pe); return; }
    shmt_t->saved[0] = (uint64_t)(int64_t)(pe);
    shmt_t->saved[1] = (uint64_t)(uintptr_t)(addr);
    shmt_t->saved[2] = (uint64_t)(int64_t)(value);
    uint64_t shmt_t1;
    SHMT_TIMED_CALL(shmt_fast, shmt_t, shmt_t1, real_shmem_long_p(addr, value, pe));
    uint8_t *shmt_r = shmt_record(shmt_t);
    uint8_t *shmt_p = shmt_event_begin(shmt_t, shmt_r, SHMT_ID_shmem_long_p, shmt_t->call_start, shmt_t1, shmt_fast);
    shmt_p = shmt_put_site(shmt_t, shmt_p, shmt_site, shmt_fast);
    shmt_p = shmt_put_svar(shmt_p, (int64_t)shmt_t->saved[0]);
    shmt_p = shmt_put_addr(shmt_t, shmt_p, shmt_t->saved[1]);
    shmt_p = shmt_put_svar(shmt_p, (int64_t)shmt_t->saved[2]);
    shmt_event_end(shmt_t, shmt_r, shmt_p, SHMT_ID_shmem_long_p);
}
/* Reached from the wrapper by a tail call (a jump): its return address is the program's call site. */
static __attribute__((noinline)) void shmt_general_shmem_long_p(long *addr, long value, int pe)
{
    if (SHMT_UNLIKELY(shmt_profiling)) { shmt_profiled_shmem_long_p(addr, value, pe); return; }
    shmt_traced_shmem_long_p(0, SHMT_CALLSITE, addr, value, pe); return;
}
void shmem_long_p(long *addr, long value, int pe)
{
    shmt_traced_shmem_long_p(1, SHMT_CALLSITE, addr, value, pe); return;
}

