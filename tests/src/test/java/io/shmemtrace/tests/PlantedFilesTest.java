package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Someone else who can write to the trace directory must not be able to turn the traced job against its user:
 * a link planted where a trace or module map will be is never followed, a file there never replaced, and a
 * directory that others can write (and is not sticky) or that is not the user's is refused. Each costs one line
 * per PE, and the program runs on untraced, unharmed.
 */
class PlantedFilesTest {

    @Test
    void plantedLinksAreNeverFollowed() throws Exception {
        Path dir = Workspace.freshDir("planted");
        Path victims = Workspace.freshDir("planted-victims");
        Path trace = victims.resolve("trace-victim");
        Path map = victims.resolve("map-victim");
        Files.writeString(trace, "precious\n");
        Files.writeString(map, "precious too\n");
        Files.createSymbolicLink(Traces.peFile(dir, 0), trace);
        Files.createSymbolicLink(dir.resolve("pe00001.modules.tmp"), map);
        Command.Result plain = Programs.plain(2, Programs.compile("calls")).runOk();
        Command.Result r = Programs.traced(2, dir, Programs.compile("calls")).env("SHMEMTRACE_CALLSITES", "1").runOk();
        assertEquals(plain.stdout().lines().sorted().toList(), r.stdout().lines().sorted().toList());
        assertEquals("precious\n", Files.readString(trace));
        assertEquals("precious too\n", Files.readString(map));
        assertEquals(List.of(
                "shmemtrace: " + Traces.peFile(dir, 0) + ": already exists (a trace is never replaced: remove it, or"
                        + " give another SHMEMTRACE_DIR); tracing disabled for this PE",
                "shmemtrace: " + Traces.peFile(dir, 1) + ": cannot write the module map (pe00001.modules.tmp: File"
                        + " exists); call sites stay unnamed"), warnings(r));
        // PE 1 traced all the same, its sites left as addresses.
        assertTrue(Traces.read(Traces.peFile(dir, 1)).events().size() > 0);
        assertTrue(Files.isSymbolicLink(Traces.peFile(dir, 0)));
    }

    @Test
    void aDirectoryOthersCanWriteIsRefusedUnlessSticky() throws Exception {
        Path dir = Workspace.freshDir("planted-open");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        Command.Result r = Programs.traced(1, dir, Programs.compile("calls")).runOk();
        assertEquals(List.of("shmemtrace: " + Traces.peFile(dir, 0) + ": the directory is writable by others (mode"
                + " 777) and not sticky: a file planted there could take the trace's place; tracing disabled for this"
                + " PE"), warnings(r));
        assertFalse(Files.exists(Traces.peFile(dir, 0)));
        Command.of("chmod", "1777", dir.toString()).runOk(); // as /tmp: no one can rename or remove another's file
        Command.Result sticky = Programs.traced(1, dir, Programs.compile("calls")).runOk();
        assertEquals(List.of(), warnings(sticky));
        assertTrue(Files.exists(Traces.peFile(dir, 0)));
    }

    @Test
    void anotherUsersDirectoryIsRefused() throws Exception {
        Path dir = Workspace.freshDir("planted-foreign");
        Command.Result chown = Command.of("chown", "65534", dir.toString()).run();
        if (chown.exitCode() != 0) {
            System.out.println("PlantedFilesTest: skipped the foreign directory: chown needs root here");
            return;
        }
        Command.Result r = Programs.traced(1, dir, Programs.compile("calls")).runOk();
        assertEquals(List.of("shmemtrace: " + Traces.peFile(dir, 0) + ": the directory belongs to another user (uid"
                + " 65534); traces go only to your own; tracing disabled for this PE"), warnings(r));
        assertFalse(Files.exists(Traces.peFile(dir, 0)));
    }

    /** The tracer's lines but PE 0's closing one (where the traces went: EndLineTest). */
    private static List<String> warnings(Command.Result r) {
        return r.stderr().lines().filter(l -> l.startsWith("shmemtrace") && !l.matches("shmemtrace: \\d+ PEs? traced into .*"))
                .sorted().toList();
    }
}
