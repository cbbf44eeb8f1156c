package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.SyntheticRuns;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Where a tool cannot write (a full disk, a TMPDIR that is no directory) it says so in one line and exits 1: no
 * stack trace, and never status 0 over an output cut short.
 */
class DiskFailureTest {
    private static Path run;

    @BeforeAll
    static void synth() {
        run = SyntheticRuns.make("disk-failure-run", 4, 5000);
    }

    private static String tool(String name) {
        return Workspace.DIST.resolve("bin/" + name).toString();
    }

    @Test
    void aFullDiskUnderStdoutIsAnErrorNotAQuietEnd() {
        Assumptions.assumeTrue(Files.isWritable(Path.of("/dev/full")), () -> {
            System.out.println("DiskFailureTest: no /dev/full here: skipped");
            return "no /dev/full";
        });
        // /dev/full fails every write with ENOSPC, as a full disk does; a closed pipe (EPIPE) still ends quietly
        Command.Result r = Command.of("sh", "-c", "exec \"$0\" --csv \"$1\" > /dev/full", tool("shmembin2txt"),
                run.toString()).run();
        assertEquals(1, r.exitCode(), r.describe());
        List<String> lines = r.messages();
        assertEquals(1, lines.size(), r.describe());
        assertTrue(lines.get(0).startsWith("shmembin2txt: cannot write the output: ")
                && lines.get(0).endsWith(" (what was written is incomplete)"), r.describe());
        Command.Result piped = Command.of("bash", "-c", "set -o pipefail; \"$0\" --csv \"$1\" | head -1", tool("shmembin2txt"),
                run.toString()).run();
        assertEquals(0, piped.exitCode(), piped.describe());
        assertEquals(List.of(), piped.messages(), piped.describe());
    }

    /**
     * A trace file with a hole on a full tmpfs (issue 41, item 12): a mapped read of the hole is a SIGBUS, which the JVM
     * threw as an InternalError out of every tool. The tools read the file's intact part and say nothing of the hole
     * (blocks never written are read, not mapped).
     */
    @Test
    void aHoleOnAFullFileSystemIsReadAroundNotDiedOf() throws Exception {
        Path mount = Workspace.freshDir("disk-failure-hole").resolve("tmpfs");
        Files.createDirectories(mount);
        Command.Result mounted = Command.of("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", mount.toString()).run();
        Assumptions.assumeTrue(mounted.exitCode() == 0, () -> {
            System.out.println("DiskFailureTest: cannot mount a tmpfs here (" + mounted.stderr().strip() + "): skipped");
            return "no tmpfs";
        });
        try {
            Path original = run.resolve("pe00000.shmt");
            Path holed = mount.resolve("pe00000.shmt");
            Files.copy(original, holed);
            Command.of("truncate", "-s", "64M", holed.toString()).runOk(); // a hole of the rest
            Command.of("sh", "-c", "dd if=/dev/zero of=\"$0\"/filler bs=4k 2>/dev/null; true", mount.toString()).run();
            Command.Result r = Command.of(tool("shmembin2txt"), "--csv", holed.toString()).run();
            Command.Result whole = Command.of(tool("shmembin2txt"), "--csv", original.toString()).runOk();
            assertEquals(0, r.exitCode(), r.describe());
            assertEquals(whole.stdout(), r.stdout());
            assertEquals(List.of(), r.messages());
        } finally {
            Command.of("umount", "-l", mount.toString()).run();
        }
    }

    @Test
    void aTemporaryMergeThatCannotBeWrittenIsOneLineNamingTmpdir() throws Exception {
        Path notADirectory = Workspace.freshDir("disk-failure-tmpdir").resolve("a-file");
        Files.writeString(notADirectory, "not a directory\n");
        Path archive = Workspace.freshDir("disk-failure-otf2").resolve("archive");
        Command.Result r = Command.of(tool("shmemsim"), "--comm-model", "measured", run.toString())
                .env("TMPDIR", notADirectory.toString()).run();
        assertEquals(1, r.exitCode(), r.describe());
        List<String> lines = r.messages();
        assertEquals(1, lines.size(), r.describe());
        String expected = "shmemsim: " + run + ": cannot merge it into a temporary file under " + notADirectory + ": "
                + notADirectory + "/shmemtrace-merge-";
        assertTrue(lines.get(0).startsWith(expected), lines.get(0) + "\nshould start with\n" + expected);
        // shmem2otf2 and the wait states take a run directory's merge as it is made: no temporary file, whatever TMPDIR is
        Command.Result otf2 = Command.of(tool("shmem2otf2"), "-o", archive.toString(), run.toString())
                .env("TMPDIR", notADirectory.toString()).run();
        assertEquals(0, otf2.exitCode(), otf2.describe());
        assertTrue(Files.isRegularFile(archive.resolve("traces.otf2")), otf2.describe());
        Command.Result patterns = Command.of(tool("shmembin2txt"), "--patterns", run.toString())
                .env("TMPDIR", notADirectory.toString()).run();
        assertEquals(0, patterns.exitCode(), patterns.describe());
        assertTrue(patterns.stdout().startsWith("wait states: "), patterns.describe());
        // TMPDIR a directory: the merge goes there, and nothing is left of it
        Path tmpdir = Workspace.freshDir("disk-failure-tmpdir-ok");
        Command.Result ok = Command.of(tool("shmemsim"), "-q", "--comm-model", "measured", run.toString())
                .env("TMPDIR", tmpdir.toString()).run();
        assertEquals(0, ok.exitCode(), ok.describe());
        try (var left = Files.list(tmpdir)) {
            assertEquals(List.of(), left.toList());
        }
    }
}
