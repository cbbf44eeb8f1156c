package io.shmemtrace.tests.programs;

import io.shmemtrace.openshmem.Context;
import io.shmemtrace.openshmem.Pe;
import io.shmemtrace.openshmem.Shmem;
import io.shmemtrace.openshmem.ShmemLock;
import io.shmemtrace.openshmem.SymmetricLongs;

/**
 * A known set of binding calls per PE, for the agent tests (AgentTest). Keep the two in step.
 *
 *   right = (me+1) % n, left = (me+n-1) % n
 *   Shmem.init 1; allocateLongs 3 (16, 16, 1 elements) + allocateLock 1 -> shmem_malloc 4
 *   barrierAll 3
 *   put 16 -> right (128 bytes); get 8 <- left (64 bytes)
 *   p 10+me -> right (8 bytes each); g 3 <- left
 *   putNbi 4 -> right (32 bytes), quiet 1
 *   fetchAdd me+1 -> PE 0
 *   sumToAll 1 x 4; broadcast 1 x 4 from root 1
 *   lock / unlock 1 each; tryLock 0
 *   createContext 1, ctx put 4 -> right (32 bytes), ctx quiet 1, context close 1
 *   close of 4 symmetric blocks -> shmem_free 4; finalize 1
 */
public final class AgentCalls {
    private AgentCalls() {}

    public static void main(String[] args) {
        Pe me = Shmem.init();
        int n = me.nPes();
        int my = me.myPe();
        int right = (my + 1) % n;
        int left = (my + n - 1) % n;
        SymmetricLongs a = me.allocateLongs(16);
        SymmetricLongs b = me.allocateLongs(16);
        SymmetricLongs counter = me.allocateLongs(1);
        ShmemLock lock = me.allocateLock();
        me.barrierAll();
        a.put(0, new long[16], right);
        a.get(0, new long[8], left);
        for (int i = 0; i < 10 + my; i++) a.p(i % 16, i, right);
        for (int i = 0; i < 3; i++) a.g(i, left);
        b.putNbi(0, a, 0, 4, right);
        me.quiet();
        for (int i = 0; i <= my; i++) counter.fetchAdd(0, 1, 0);
        me.barrierAll();
        b.sumToAll(a, 4);
        b.broadcast(a, 4, 1);
        lock.lock();
        lock.unlock();
        try (Context ctx = me.createContext()) {
            ctx.put(b, 0, new long[4], 0, 4, right);
            ctx.quiet();
        }
        me.barrierAll();
        a.close();
        b.close();
        counter.close();
        lock.close();
        me.close();
        System.out.println("PE " + my + " done");
    }
}
