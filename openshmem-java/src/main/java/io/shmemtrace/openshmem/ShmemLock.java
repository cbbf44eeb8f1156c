package io.shmemtrace.openshmem;

/** A distributed mutual-exclusion lock over a symmetric long (shmem_set_lock / clear_lock / test_lock). */
public final class ShmemLock implements AutoCloseable {
    private final SymmetricLongs word;

    ShmemLock(SymmetricLongs word) {
        this.word = word;
    }

    /** The lock's symmetric address. */
    public long address() {
        return word.address(0);
    }

    /** Blocks until this PE holds the lock. */
    public void lock() {
        Native.setLock(word.at(0, 1));
    }

    public void unlock() {
        Native.clearLock(word.at(0, 1));
    }

    /** Takes the lock if it is free; true if this PE now holds it. */
    public boolean tryLock() {
        return Native.testLock(word.at(0, 1)) == 0;
    }

    @Override
    public void close() {
        word.close();
    }
}
