package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.read.TraceHeader;
import io.shmemtrace.tests.programs.AgentCalls;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.JavaPrograms;
import io.shmemtrace.tests.support.Recorded;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * AgentCalls with the agent and the native shim at once: each layer writes its own files on one time base
 * (CLOCK_MONOTONIC), and every Java call has the native call it made inside its time span.
 */
class BothLayersTest {
    private static final int NPES = 4;
    private static Path dir;

    @BeforeAll
    static void run() {
        dir = Workspace.freshDir("both-layers");
        // The native layer on the same clock as Java's System.nanoTime, at full resolution: spans compare exactly.
        JavaPrograms.runWithShim(NPES, AgentCalls.class, List.of(JavaPrograms.agent()))
                .env("SHMEMTRACE_DIR", dir.toString()).env("SHMEMTRACE_CLOCK", "monotonic")
                .env("SHMEMTRACE_TICK_SHIFT", "0").runOk();
    }

    /** A copied event with absolute CLOCK_MONOTONIC times. */
    private record Span(String name, long start, long end) {}

    private static List<Span> spans(Path file) {
        Traces.Read t = Traces.read(file);
        assertEquals(List.of(), t.problems(), file.toString());
        TraceHeader h = t.file().header();
        long origin = h.initMonoNs();
        return t.events().stream().map((Recorded e) -> new Span(e.name(),
                origin + t.file().time().toNs(e.startUnits()), origin + t.file().time().toNs(e.endUnits()))).toList();
    }

    @Test
    void shmembin2txtShowsEachJavaCallAboveTheNativeCallItMade() {
        List<String> lines = Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--layers",
                dir.toString()).runOk().stdout().lines().toList();
        int puts = 0;
        for (int i = 0; i + 1 < lines.size(); i++) {
            String[] java = lines.get(i).trim().split("\\s+");
            if (java.length < 4 || !java[1].equals("java") || !java[3].equals("shmem_long_put")) continue;
            String next = lines.get(i + 1);
            assertTrue(next.matches("\\s*" + java[0] + " C\\s+[0-9.]+    shmem_long_put .*"), lines.get(i) + "\n" + next);
            puts++;
        }
        assertEquals(NPES, puts, "one Java shmem_long_put per PE, each with its native call under it");
    }

    @Test
    void everyJavaCallHasItsNativeCallInsideItsSpan() {
        for (int pe = 0; pe < NPES; pe++) {
            List<Span> java = spans(AgentTest.javaFile(dir, pe));
            List<Span> c = spans(Traces.peFile(dir, pe));
            assertTrue(java.size() > 30 && c.size() >= java.size(), "PE " + pe + ": " + java.size() + " Java, "
                    + c.size() + " native events");
            for (Span j : java) {
                long inside = c.stream().filter(n -> n.name().equals(j.name()) && n.start() >= j.start()
                        && n.end() <= j.end()).count();
                assertEquals(1, inside, "PE " + pe + ": " + j + " has one native " + j.name() + " inside it");
            }
        }
    }
}
