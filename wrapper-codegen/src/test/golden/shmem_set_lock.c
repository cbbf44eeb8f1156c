typedef void (*shmt_fn_shmem_set_lock)(volatile long *);
static void shmt_first_shmem_set_lock(volatile long *lock);
static shmt_fn_shmem_set_lock real_shmem_set_lock = shmt_first_shmem_set_lock;
static void shmt_first_shmem_set_lock(volatile long *lock)
{
    real_shmem_set_lock = (shmt_fn_shmem_set_lock)shmt_resolve("shmem_set_lock");
    real_shmem_set_lock(lock); return;
}
SHMT_HIDDEN void shmt_excluded_shmem_set_lock(volatile long *lock)
{
    shmt_count_excluded(SHMT_ID_shmem_set_lock);
    real_shmem_set_lock(lock); return;
}
SHMT_HIDDEN void shmt_profiled_shmem_set_lock(volatile long *lock)
{
    shmt_thread *shmt_t = shmt_enter(0, SHMT_ID_shmem_set_lock, 1);
    if (SHMT_UNLIKELY(shmt_t == NULL)) { real_shmem_set_lock(lock); return; }
    uint64_t shmt_t1;
    SHMT_TIMED_CALL(0, shmt_t, shmt_t1, real_shmem_set_lock(lock));
    shmt_profile_add(shmt_t, SHMT_ID_shmem_set_lock, shmt_t1, 0, SHMT_CALLSITE);
}
static void shmt_general_shmem_set_lock(volatile long *lock);
static inline __attribute__((always_inline)) void shmt_traced_shmem_set_lock(const int shmt_fast, const void *shmt_site, volatile long *lock)
{
    shmt_thread *shmt_t = shmt_enter(shmt_fast, SHMT_ID_shmem_set_lock, 1);
    if (SHMT_UNLIKELY(shmt_t == NULL)) { real_shmem_set_lock(lock); return; }
    if (SHMT_UNLIKELY(!shmt_reserve(shmt_t, shmt_fast))) { shmt_general_shmem_set_lock(lock); return; }
    shmt_t->saved[0] = (uint64_t)(uintptr_t)(lock);
    uint64_t shmt_t1;
    SHMT_TIMED_CALL(shmt_fast, shmt_t, shmt_t1, real_shmem_set_lock(lock));
    uint8_t *shmt_r = shmt_record(shmt_t);
    uint8_t *shmt_p = shmt_event_begin(shmt_t, shmt_r, SHMT_ID_shmem_set_lock, shmt_t->call_start, shmt_t1, shmt_fast);
    shmt_p = shmt_put_site(shmt_t, shmt_p, shmt_site, shmt_fast);
    shmt_p = shmt_put_addr(shmt_t, shmt_p, shmt_t->saved[0]);
    shmt_event_end(shmt_t, shmt_r, shmt_p, SHMT_ID_shmem_set_lock);
}
/* Reached from the wrapper by a tail call (a jump): its return address is the program's call site. */
static __attribute__((noinline)) void shmt_general_shmem_set_lock(volatile long *lock)
{
    if (SHMT_UNLIKELY(shmt_profiling)) { shmt_profiled_shmem_set_lock(lock); return; }
    shmt_traced_shmem_set_lock(0, SHMT_CALLSITE, lock); return;
}
void shmem_set_lock(volatile long *lock)
{
    shmt_traced_shmem_set_lock(1, SHMT_CALLSITE, lock); return;
}

