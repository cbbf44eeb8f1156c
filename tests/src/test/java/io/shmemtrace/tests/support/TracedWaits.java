package io.shmemtrace.tests.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a 2-PE run's PEs waited for each other, read from its own merged trace (shmem2psins --text), so that tests
 * of the wait states expect what the run did, never what its sleeps asked for (a busy machine stretches them).
 */
public final class TracedWaits {
    private static final String PSINS = Workspace.DIST.resolve("bin/shmem2psins").toString();
    /** "PE function" -> each call's {start, duration}, in order. */
    private final Map<String, List<double[]>> calls = new HashMap<>();

    private TracedWaits() {}

    public static TracedWaits of(Path traceDir) {
        Command.Result text = Command.of(PSINS, "--text", traceDir.toString()).run();
        assertEquals(0, text.exitCode(), text.describe());
        TracedWaits w = new TracedWaits();
        for (String line : text.stdout().lines().filter(l -> l.matches("\\d+ #\\d+ .*")).toList()) {
            String[] f = line.split(" "); // task #event type function t=start d=duration ...
            double start = Double.parseDouble(f[4].substring(2)), duration = Double.parseDouble(f[5].substring(2));
            w.calls.computeIfAbsent(f[0] + " " + f[3], k -> new ArrayList<>()).add(new double[] {start, duration});
        }
        return w;
    }

    /** What pe waited at the first count barriers (from its arrival to the other PE's, where that came later). */
    public double atBarriers(int pe, int count) {
        List<double[]> mine = calls.get(pe + " shmem_barrier_all"), other = calls.get((1 - pe) + " shmem_barrier_all");
        double waited = 0;
        for (int k = 0; k < Math.min(count, mine.size()); k++) waited += Math.max(0, other.get(k)[0] - mine.get(k)[0]);
        return waited;
    }

    /**
     * What waiter's first shmem_long_wait_until waited for writer's first shmem_long_p to land, as traced: to the
     * put's return, or to the wait's own end where the flag arrived before the put returned (a wait is part of its
     * call; a PE's first put to another can take a hundred microseconds to return, connecting).
     */
    public double forThePut(int waiter, int writer) {
        double[] put = calls.get(writer + " shmem_long_p").get(0);
        double[] wait = calls.get(waiter + " shmem_long_wait_until").get(0);
        return Math.min(put[0] + put[1], wait[0] + wait[1]) - wait[0];
    }
}
