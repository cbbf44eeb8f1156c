package io.shmemtrace.tests.programs;

import io.shmemtrace.openshmem.Pe;
import io.shmemtrace.openshmem.Shmem;
import io.shmemtrace.openshmem.SymmetricLongs;

/** CALLS shmem_long_p calls to itself between init and finalize (the size limit's test). */
public final class AgentManyCalls {
    public static final int CALLS = 20_000;

    private AgentManyCalls() {}

    public static void main(String[] args) {
        int n = CALLS;
        Pe me = Shmem.init();
        SymmetricLongs a = me.allocateLongs(1);
        for (int i = 0; i < n; i++) a.p(0, i, me.myPe());
        System.out.println("calls " + n);
        me.close();
    }
}
