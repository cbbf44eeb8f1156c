package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.shmemtrace.format.read.TraceProblem;
import io.shmemtrace.format.TraceState;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A PE that ends badly (tests/src/test/c/crash.c) still leaves every call it made in its trace: blocks live
 * in a shared file mapping, so even SIGKILL loses nothing that was stored.
 */
class CrashTest {
    private static final int CALLS = 3000; // with 4 KiB blocks: several sealed blocks and one open one

    @ParameterizedTest(name = "{0}")
    @CsvSource({"finalize, FINALIZED, 0", "exit, EXITED, 0", "abort, RUNNING, 1", "segv, RUNNING, 1", "kill, RUNNING, 1"})
    void everyCompletedCallSurvives(String mode, TraceState state, int failed) {
        Path dir = Workspace.freshDir("crash-" + mode);
        Command.Result r = Programs.traced(1, dir, Programs.compile("crash"), mode, Integer.toString(CALLS))
                .env("SHMEMTRACE_BLOCK_SIZE", "4096").run();
        if (failed == 1) {
            assertNotEquals(0, r.exitCode(), r.describe());
        } else {
            assertEquals(0, r.exitCode(), r.describe());
        }
        Traces.Read t = Traces.read(Traces.peFile(dir, 0));
        assertEquals(state, t.file().header().state());
        assertEquals(List.of(), t.problems().stream().filter(TraceProblem::damage).toList());
        assertEquals(CALLS, t.named("shmem_long_p").size());
        List<String> names = t.events().stream().map(e -> e.name()).distinct().toList();
        List<String> expected = mode.equals("finalize")
                ? List.of("shmem_init", "shmem_my_pe", "shmem_long_p", "shmem_finalize")
                : List.of("shmem_init", "shmem_my_pe", "shmem_long_p");
        assertEquals(expected, names);
        assertEquals(t.events().size() - 1, t.events().get(t.events().size() - 1).seq());
    }
}
