typedef long (*shmt_fn_shmem_long_g)(const long *, int);
static long shmt_first_shmem_long_g(const long *addr, int pe);
static shmt_fn_shmem_long_g real_shmem_long_g = shmt_first_shmem_long_g;
static long shmt_first_shmem_long_g(const long *addr, int pe)
{
    real_shmem_long_g = (shmt_fn_shmem_long_g)shmt_resolve("shmem_long_g");
    return real_shmem_long_g(addr, pe);
}
SHMT_HIDDEN long shmt_excluded_shmem_long_g(const long *addr, int pe)
{
    shmt_count_excluded(SHMT_ID_shmem_long_g);
    return real_shmem_long_g(addr, pe);
}
SHMT_HIDDEN long shmt_profiled_shmem_long_g(const long *addr, int pe)
{
    shmt_thread *shmt_t = shmt_enter(0, SHMT_ID_shmem_long_g, 1);
    if (SHMT_UNLIKELY(shmt_t == NULL)) return real_shmem_long_g(addr, pe);
    long shmt_ret;
    uint64_t shmt_t1;
    SHMT_TIMED_CALL(0, shmt_t, shmt_t1, shmt_ret = real_shmem_long_g(addr, pe));
    shmt_profile_add(shmt_t, SHMT_ID_shmem_long_g, shmt_t1, (uint64_t)8, SHMT_CALLSITE);
    return shmt_ret;
}
static long shmt_general_shmem_long_g(const long *addr, int pe);
static inline __attribute__((always_inline)) long shmt_traced_shmem_long_g(const int shmt_fast, const void *shmt_site, const long *addr, int pe)
{
    shmt_thread *shmt_t = shmt_enter(shmt_fast, SHMT_ID_shmem_long_g, 1);
    if (SHMT_UNLIKELY(shmt_t == NULL)) return real_shmem_long_g(addr, pe);
    if (SHMT_UNLIKELY(!shmt_poll_gate(shmt_t, shmt_fast))) return shmt_general_shmem_long_g(addr, pe);
    long shmt_ret;
    uint64_t shmt_t1;
    SHMT_TIMED_CALL(shmt_fast, shmt_t, shmt_t1, shmt_ret = real_shmem_long_g(addr, pe));
    const uint64_t shmt_v[2] = {(uint64_t)(int64_t)(pe), (uint64_t)(uintptr_t)(addr)};
    if (shmt_poll_repeat(shmt_t, SHMT_ID_shmem_long_g, shmt_v, 2, shmt_t->call_start, shmt_t1, shmt_site, shmt_fast)) return shmt_ret;
    shmt_poll_reserve(shmt_t, shmt_fast);
    uint8_t *shmt_r = shmt_record(shmt_t);
    uint8_t *shmt_p = shmt_event_begin(shmt_t, shmt_r, SHMT_ID_shmem_long_g, shmt_t->call_start, shmt_t1, shmt_fast);
    shmt_p = shmt_put_site(shmt_t, shmt_p, shmt_site, shmt_fast);
    shmt_p = shmt_put_svar(shmt_p, (int64_t)shmt_v[0]);
    shmt_p = shmt_put_addr(shmt_t, shmt_p, shmt_v[1]);
    shmt_poll_event_end(shmt_t, shmt_r, shmt_p, SHMT_ID_shmem_long_g, shmt_v, 2, shmt_site);
    return shmt_ret;
}
/* Reached from the wrapper by a tail call (a jump): its return address is the program's call site. */
static __attribute__((noinline)) long shmt_general_shmem_long_g(const long *addr, int pe)
{
    if (SHMT_UNLIKELY(shmt_profiling)) return shmt_profiled_shmem_long_g(addr, pe);
    return shmt_traced_shmem_long_g(0, SHMT_CALLSITE, addr, pe);
}
long shmem_long_g(const long *addr, int pe)
{
    return shmt_traced_shmem_long_g(1, SHMT_CALLSITE, addr, pe);
}

