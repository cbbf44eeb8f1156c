package io.shmemtrace.openshmem;

/**
 * OpenSHMEM for Java, over the real liboshmem.
 *
 * <pre>
 * try (Pe me = Shmem.init()) {                        // shmem_init; close() is shmem_finalize
 *     SymmetricLongs a = me.allocateLongs(16);         // shmem_malloc, on every PE
 *     a.put(0, new long[] {1, 2, 3}, (me.myPe() + 1) % me.nPes());
 *     me.barrierAll();
 * }
 * </pre>
 */
public final class Shmem {
    private static Pe pe;
    private static boolean finalized;

    private Shmem() {}

    /** Starts OpenSHMEM in this process (shmem_init). Once per process, on every PE. */
    public static synchronized Pe init() {
        if (pe != null || finalized) {
            throw new IllegalStateException("OpenSHMEM is already " + (finalized ? "finalized" : "initialised")
                    + " in this process: Shmem.init() is called once");
        }
        Native.init();
        pe = new Pe(Native.myPe(), Native.nPes());
        return pe;
    }

    /** This process's PE, once {@link #init} ran. */
    public static synchronized Pe pe() {
        if (pe == null) {
            throw new IllegalStateException(finalized ? "OpenSHMEM was finalized"
                    : "OpenSHMEM is not initialised: call Shmem.init() first");
        }
        return pe;
    }

    static synchronized void finalized() {
        pe = null;
        finalized = true;
    }
}
