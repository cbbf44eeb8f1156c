package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.SyntheticRuns;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The traced run's wait states in bounded memory (issue 41, item 12: --patterns of a 2-PE run of 157 M events a PE
 * died of OutOfMemoryError after 38 s, 7.2 GB): a synthetic run of 2 PEs x 40 M events, 16 M blocking calls to keep
 * until every PE is read, under a heap of 256 MB (it died in 1.4 s before). The time its quiets spent completing
 * transfers, a wait state, is the quiets' time of the trace's own summary.
 */
class LongRunMemoryTest {
    private static final String HEAP = "-Xmx256m";

    @Test
    void waitStatesOfARunLongerThanTheHeap() {
        Path run = SyntheticRuns.make("synth-long", 2, 40_000_000);
        Command.Result patterns = tool("--patterns", run);
        assertEquals(0, patterns.exitCode(), patterns.describe());
        Matcher nbi = Pattern.compile("\nnbi_not_overlapped +[0-9.]+\n  PE 0 +([0-9.]+)\n").matcher(patterns.stdout());
        assertTrue(nbi.find(), patterns.stdout());
        Command.Result summary = tool("--summary", run, "--ns");
        Matcher quiets = Pattern.compile("== PE 0\n(?:.*\n)*?  shmem_quiet +\\d+ +(\\d+) ").matcher(summary.stdout());
        assertTrue(quiets.find(), summary.stdout());
        // every quiet of the synthetic loop completes _nbi puts: all its time is theirs
        assertEquals(Long.parseLong(quiets.group(1)), Math.round(Double.parseDouble(nbi.group(1)) * 1e9));
        assertTrue(patterns.stdout().contains("wait_at_barrier"), patterns.stdout());
    }

    private static Command.Result tool(String mode, Path run, String... more) {
        List<String> command = new ArrayList<>(List.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), mode));
        command.addAll(List.of(more));
        command.add(run.toString());
        return Command.of(command.toArray(String[]::new))
                .env("JAVA_TOOL_OPTIONS", HEAP).timeout(600).run();
    }
}
