import io.shmemtrace.openshmem.Pe;
import io.shmemtrace.openshmem.Shmem;
import io.shmemtrace.openshmem.SymmetricLongs;

/**
 * ns per call of a traced-able binding call, for scripts/bench-agent.sh (run once plain, once with the
 * agent). SymmetricLongs.p to this PE (shmem_long_p: the cheapest call, so the agent's share shows) and
 * Pe.fence (no data), N calls each, after a warm-up.
 */
public class AgentOverhead {
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        try (Pe me = Shmem.init()) {
            SymmetricLongs a = me.allocateLongs(1);
            int self = me.myPe();
            for (int i = 0; i < n; i++) a.p(0, i, self);
            for (int i = 0; i < n; i++) me.fence();
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) a.p(0, i, self);
            long t1 = System.nanoTime();
            for (int i = 0; i < n; i++) me.fence();
            long t2 = System.nanoTime();
            if (self == 0) {
                System.out.printf("shmem_long_p %.2f ns/call, shmem_fence %.2f ns/call%n", (double) (t1 - t0) / n,
                        (double) (t2 - t1) / n);
            }
            me.barrierAll();
        }
    }
}
