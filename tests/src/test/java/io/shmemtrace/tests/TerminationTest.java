package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.SyntheticRuns;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A tool ended by SIGTERM (a job's time limit, a user's kill) while it merges to a temporary file leaves nothing
 * behind (issue 21 item 15): shmemsim's temporary merge, shmem2otf2's half-written archive beside its place.
 * The tool is stopped once its temporary file exists, whatever the machine's speed.
 */
class TerminationTest {
    private static Path run;

    @BeforeAll
    static void synth() {
        run = SyntheticRuns.make("terminate-run", 64, 60000);
    }

    @Test
    void shmemsimRemovesItsTemporaryMerge() throws Exception {
        Path tmp = Workspace.freshDir("terminate-tmp");
        List<String> left = terminatedOnce(tmp, tmp, p -> p.getFileName().toString().startsWith("shmemtrace-merge-"),
                "bin/shmemsim", "-q", "--comm-model", "measured", run.toString());
        assertEquals(List.of(), left);
    }

    @Test
    void shmem2otf2RemovesItsHalfWrittenArchive() throws Exception {
        Path tmp = Workspace.freshDir("terminate-otf2-tmp");
        Path out = Workspace.freshDir("terminate-otf2");
        List<String> left = terminatedOnce(tmp, out, p -> p.getFileName().toString().startsWith(".run.otf2."),
                "bin/shmem2otf2", "-o", out.resolve("run.otf2").toString(), run.toString());
        assertEquals(List.of(), left);
        try (Stream<Path> temporary = Files.list(tmp)) {
            assertEquals(List.of(), temporary.toList(), "its temporary merge too");
        }
    }

    /**
     * Starts the tool (java.io.tmpdir = tmp), waits for a file matching made to appear in watched, sends SIGTERM, and
     * returns what is left in watched once the tool has ended.
     */
    private static List<String> terminatedOnce(Path tmp, Path watched, Predicate<Path> made, String tool,
                                               String... args) throws Exception {
        List<String> argv = new java.util.ArrayList<>(List.of(Workspace.DIST.resolve(tool).toString()));
        argv.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(argv).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("JAVA_TOOL_OPTIONS", "-Djava.io.tmpdir=" + tmp);
        Process p = pb.start();
        try {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            boolean seen = false;
            while (!seen && p.isAlive() && System.nanoTime() < deadline) {
                try (Stream<Path> files = Files.list(watched)) {
                    seen = files.anyMatch(made);
                }
                if (!seen) Thread.sleep(20);
            }
            assertTrue(seen, tool + " made no temporary file before it ended (exit " + (p.isAlive() ? "-" : p.exitValue()) + ")");
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), tool + " did not end on SIGTERM");
        } finally {
            p.destroyForcibly();
        }
        try (Stream<Path> files = Files.list(watched)) {
            return files.filter(made).map(f -> f.getFileName().toString()).toList();
        }
    }
}
