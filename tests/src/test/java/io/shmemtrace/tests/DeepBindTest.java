package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A library opened with RTLD_DEEPBIND binds its SHMEM calls to the OpenSHMEM library, past the preloaded tracer
 * (issue 41, item 6: its calls were missing and nothing said so), under real oshrun (tests/src/test/c/deepbind.c):
 * opened before shmem_init, its calls are recorded; opened after, each PE says in one line that they are not.
 */
class DeepBindTest {
    private static final int NPES = 2;
    private static final int BARRIERS = 10;

    private static Command.Result run(String when, Path dir) {
        Path library = Programs.compile("deepbindlib", "libdeepbindlib.so", "-shared", "-fPIC");
        Path program = Programs.compile("deepbind", "deepbind", "-ldl");
        return Programs.traced(NPES, dir, program, when, library.toString(), Integer.toString(BARRIERS)).runOk();
    }

    @Test
    void openedBeforeInitItsCallsAreRecorded() {
        Path dir = Workspace.freshDir("deepbind-before");
        Command.Result r = run("before", dir);
        for (int pe = 0; pe < NPES; pe++) {
            assertEquals(BARRIERS, Traces.count(Traces.peFile(dir, pe)).of("shmem_barrier_all"), r.describe());
        }
        assertTrue(!r.stderr().contains("past the tracer"), r.describe());
    }

    @Test
    void openedAfterInitEachPeSaysSo() {
        Path dir = Workspace.freshDir("deepbind-after");
        Command.Result r = run("after", dir);
        for (int pe = 0; pe < NPES; pe++) {
            assertEquals(0, Traces.count(Traces.peFile(dir, pe)).of("shmem_barrier_all"), r.describe());
            assertTrue(r.stderr().contains("shmemtrace: PE " + pe + ": ") && r.stderr().contains(
                    "libdeepbindlib.so calls shmem_barrier_all past the tracer"), r.describe());
        }
    }
}
