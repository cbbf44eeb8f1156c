package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Workspace;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where no shmem_init happens, the preloaded shim changes nothing: same output, no files, no messages. */
class InertnessTest {
    @Test
    void nonShmemProgramIsUnchanged() {
        Path program = Programs.compile("plain");
        Path dir = Workspace.freshDir("inert-plain");
        Command.Result plain = Command.of(program.toString(), "alpha", "β", "").in(dir).runOk();
        Command.Result preloaded = Command.of(program.toString(), "alpha", "β", "").in(dir)
                .env("LD_PRELOAD", Workspace.SHIM.toString()).runOk();
        assertEquals(plain, preloaded);
        assertEquals("", preloaded.stderr());
        assertEquals(List.of(), List.of(dir.toFile().list()), "files left in the working directory");
    }

    @Test
    void shellIsUnchanged() {
        Path dir = Workspace.freshDir("inert-shell");
        Command.Result r = Command.of("sh", "-c", "echo $((6 * 7)); ls").in(dir)
                .env("LD_PRELOAD", Workspace.SHIM.toString()).runOk();
        assertEquals("42\n", r.stdout());
        assertEquals("", r.stderr());
    }

    @Test
    void oshrunAndOrtedStayInertWhenPreloaded() {
        // LD_PRELOAD given to oshrun itself reaches oshrun, orted and the PEs; none of them calls shmem_init.
        Path program = Programs.compile("plain");
        Path dir = Workspace.freshDir("inert-oshrun");
        Command.Result r = Programs.plain(2, program, "x").in(dir)
                .env("LD_PRELOAD", Workspace.SHIM.toString()).runOk();
        // The two PEs' lines interleave in any order.
        assertEquals(List.of("arg 1: x", "arg 1: x", "checksum 120", "checksum 120"), r.stdout().lines().sorted().toList());
        File[] left = dir.toFile().listFiles();
        assertEquals(0, left.length, "files left: " + List.of(left));
    }
}
