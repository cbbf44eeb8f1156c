package io.shmemtrace.tests.programs;

import io.shmemtrace.openshmem.Pe;
import io.shmemtrace.openshmem.Shmem;
import io.shmemtrace.openshmem.SymmetricLongs;

/** Makes 1,000 shmem_long_p calls, then kills itself with SIGKILL: its Java-layer trace must keep them all. */
public final class AgentKilled {
    private AgentKilled() {}

    public static void main(String[] args) throws java.io.IOException {
        Pe me = Shmem.init();
        SymmetricLongs a = me.allocateLongs(1);
        for (int i = 0; i < 1000; i++) a.p(0, i, me.myPe());
        // The JVM will not destroy its own process; the shell's kill will, with no shutdown hook run.
        new ProcessBuilder("sh", "-c", "kill -9 " + ProcessHandle.current().pid()).start();
        while (true) Thread.onSpinWait();
    }
}
