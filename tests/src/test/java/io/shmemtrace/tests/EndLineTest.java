package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** At the end of a traced job PE 0 says, in one line, where the traces went; SHMEMTRACE_QUIET=1 silences it. */
class EndLineTest {
    @Test
    void pe0SaysWhereTheTracesAreAndWhatItWrote() {
        Path program = Programs.compile("calls");
        Path dir = Workspace.freshDir("end-line").resolve("run");
        Command.Result r = Programs.traced(2, dir, program).runOk();
        long events = Traces.count(Traces.peFile(dir, 0)).calls().values().stream().mapToLong(Long::longValue).sum();
        List<String> said = r.stderr().lines().filter(l -> l.startsWith("shmemtrace: ")).toList();
        String abs = dir.toFile().getAbsolutePath();
        assertEquals(1, said.size(), r.stderr());
        assertEquals("shmemtrace: 2 PEs traced into " + abs + " (PE 0: " + events + " events, ",
                said.get(0).substring(0, said.get(0).indexOf(" events, ") + " events, ".length()));
        assertEquals(true, said.get(0).endsWith("; shmembin2txt --summary " + abs + " reports the run"), said.get(0));

        Path quiet = Workspace.freshDir("end-line-quiet").resolve("run");
        Command.Result q = Programs.traced(2, quiet, program).env("SHMEMTRACE_QUIET", "1").runOk();
        assertEquals(List.of(), q.stderr().lines().filter(l -> l.startsWith("shmemtrace: ")).toList());
        assertEquals(r.stdout(), q.stdout());
    }

    /** A profile's line says it is a profile and its size, not the two events it holds (issue 42, item 11). */
    @Test
    void aProfileSaysItIsOne() throws Exception {
        Path dir = Workspace.freshDir("end-line-profile").resolve("run");
        Command.Result r = Programs.traced(2, dir, Programs.compile("calls")).env("SHMEMTRACE_MODE", "profile").runOk();
        String said = r.stderr().lines().filter(l -> l.startsWith("shmemtrace: ")).findFirst().orElseThrow();
        long kb = Math.round(java.nio.file.Files.size(Traces.peFile(dir, 0)) / 1024.0);
        assertEquals("shmemtrace: 2 PEs profiled into " + dir.toFile().getAbsolutePath() + " (PE 0: a profile of " + kb
                + " KB); shmembin2txt --summary " + dir.toFile().getAbsolutePath() + " reports the run", said);
    }

    /** The command the line suggests is one shell word however the directory is named (issue 41, item 13). */
    @Test
    void theSuggestedCommandIsShellQuoted() {
        Path dir = Workspace.freshDir("end-line-quoted").resolve("my run's traces");
        Command.Result r = Programs.traced(1, dir, Programs.compile("calls")).runOk();
        String said = r.stderr().lines().filter(l -> l.startsWith("shmemtrace: ")).findFirst().orElseThrow();
        String quoted = "'" + dir.toFile().getAbsolutePath().replace("'", "'\\''") + "'";
        assertEquals(true, said.endsWith("; shmembin2txt --summary " + quoted + " reports the run"), said);
        // as a shell reads it back: the directory itself
        assertEquals(dir.toFile().getAbsolutePath(), Command.of("sh", "-c", "printf %s " + quoted).runOk().stdout());
    }
}
