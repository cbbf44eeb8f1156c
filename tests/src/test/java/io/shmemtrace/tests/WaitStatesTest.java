package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** shmembin2txt --patterns on a real run whose PE 1 is late on purpose (late.c). */
class WaitStatesTest {
    private static final String BIN2TXT = Workspace.DIST.resolve("bin/shmembin2txt").toString();

    @Test
    void aSleepingPeShowsAsWaitAtBarrierAndLateWriter() {
        Path dir = Workspace.freshDir("late");
        Programs.traced(2, dir, Programs.compile("late")).runOk();
        Command.Result r = Command.of(BIN2TXT, "--patterns", "--csv", dir.toString()).run();
        assertEquals(0, r.exitCode(), r.describe());
        List<String> lines = r.stdout().lines().toList();
        assertEquals("pattern,pe,callsite,seconds", lines.get(0));
        Map<String, Double> lost = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            lost.merge(f[0] + "," + f[1] + "," + f[2], Double.parseDouble(f[3]), Double::sum);
        }
        // 3 x 50 ms at the barriers, 30 ms for the put; what PE 0 does meanwhile is microseconds
        double atBarrier = lost.getOrDefault("wait_at_barrier,0,shmem_barrier_all", 0.0);
        double lateWriter = lost.getOrDefault("late_writer,0,shmem_long_wait_until", 0.0);
        assertTrue(atBarrier >= 0.149 && atBarrier < 0.2, "PE 0 waited " + atBarrier + " s at barriers");
        assertTrue(lateWriter >= 0.029 && lateWriter < 0.06, "PE 0 waited " + lateWriter + " s for the put");
        assertTrue(lost.getOrDefault("wait_at_barrier,1,shmem_barrier_all", 0.0) < 0.01, lost.toString());
        for (String key : lost.keySet()) {
            assertTrue(key.startsWith("wait_at_barrier,") || key.startsWith("late_writer,0,"), key);
        }
        Command.Result text = Command.of(BIN2TXT, "--patterns", dir.toString()).run();
        assertEquals(0, text.exitCode(), text.describe());
        assertTrue(text.stdout().contains("\nwait_at_barrier "), text.stdout());
    }
}
