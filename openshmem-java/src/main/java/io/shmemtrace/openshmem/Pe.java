package io.shmemtrace.openshmem;

/**
 * This process's processing element: what it is, the calls that concern it as a whole, and the allocation of
 * symmetric memory. Closing it finalizes OpenSHMEM; every object it made is unusable after that.
 */
public final class Pe implements AutoCloseable {
    private final int myPe;
    private final int nPes;
    private volatile boolean finalized;

    Pe(int myPe, int nPes) {
        this.myPe = myPe;
        this.nPes = nPes;
    }

    public int myPe() {
        return myPe;
    }

    public int nPes() {
        return nPes;
    }

    /** Waits for every PE, and completes this PE's outstanding puts (shmem_barrier_all). */
    public void barrierAll() {
        checkActive();
        Native.barrierAll();
    }

    /** Waits for every PE, without completing puts (shmem_sync_all). */
    public void syncAll() {
        checkActive();
        Native.syncAll();
    }

    /** Completes every put, nbi call and atomic this PE issued on the default context (shmem_quiet). */
    public void quiet() {
        checkActive();
        Native.quiet();
    }

    /** Orders this PE's puts to each target (shmem_fence). */
    public void fence() {
        checkActive();
        Native.fence();
    }

    /** A symmetric array of longs, zeroed on every PE before it returns; every PE must allocate the same arrays in the same order. */
    public SymmetricLongs allocateLongs(int length) {
        return new SymmetricLongs(this, allocate(length, Long.BYTES), length);
    }

    public SymmetricInts allocateInts(int length) {
        return new SymmetricInts(this, allocate(length, Integer.BYTES), length);
    }

    public SymmetricDoubles allocateDoubles(int length) {
        return new SymmetricDoubles(this, allocate(length, Double.BYTES), length);
    }

    public SymmetricBytes allocateBytes(int length) {
        return new SymmetricBytes(this, allocate(length, 1), length);
    }

    /** A distributed lock (a symmetric long), made on every PE. */
    public ShmemLock allocateLock() {
        return new ShmemLock(allocateLongs(1));
    }

    /** A communication context of this PE (shmem_ctx_create with no options). */
    public Context createContext() {
        checkActive();
        long ctx = Native.ctxCreate(0);
        if (ctx == 0) throw new ShmemException("shmem_ctx_create failed: no context available");
        return new Context(this, ctx);
    }

    private long allocate(int length, int elementSize) {
        checkActive();
        if (length <= 0) throw new IllegalArgumentException("symmetric length must be positive, not " + length);
        long bytes = (long) length * elementSize;
        long address = Native.allocZeroed(bytes);
        if (address == 0) throw new ShmemException("shmem_malloc(" + bytes + ") failed: symmetric heap exhausted");
        return address;
    }

    /** Finalizes OpenSHMEM (shmem_finalize): a collective call, on every PE. */
    @Override
    public void close() {
        if (finalized) return;
        Native.finalizeShmem();
        finalized = true;
        Shmem.finalized();
    }

    void checkActive() {
        if (finalized) throw new IllegalStateException("OpenSHMEM was finalized");
    }

    void checkPe(int pe) {
        if (pe < 0 || pe >= nPes) {
            throw new IllegalArgumentException("PE " + pe + " does not exist: the job has PEs 0.." + (nPes - 1));
        }
    }
}
