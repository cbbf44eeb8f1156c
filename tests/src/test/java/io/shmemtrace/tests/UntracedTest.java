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
import org.junit.jupiter.api.Test;

/**
 * Never silent about what was not recorded: a program calling a SHMEM function the spec lacks (Open MPI's
 * shmemx_int32_p) is traced as far as the spec goes, and the summary and the report page name the function whose
 * calls count as computing. A program of spec functions only gets no such line.
 */
class UntracedTest {
    private static final String BIN2TXT = Workspace.DIST.resolve("bin/shmembin2txt").toString();

    @Test
    void theReportsNameTheImportedFunctionsNotRecorded() throws Exception {
        Path dir = Workspace.freshDir("untraced");
        Path run = dir.resolve("run");
        Command.Result r = Programs.traced(2, run, Programs.compile("untraced")).runOk();
        assertEquals("pe 0: word 9\npe 1: word 9\n", r.stdout().lines().sorted().map(l -> l + "\n")
                .reduce("", String::concat));
        assertEquals("shmemx_int32_p\n", Files.readString(run.resolve("pe00000.untraced")));
        assertEquals(0, Traces.count(Traces.peFile(run, 0)).of("shmemx_int32_p"), "the spec lacks it: not recorded");
        String summary = Command.of(BIN2TXT, "--summary", run.toString()).runOk().stdout();
        assertTrue(summary.contains("== not recorded\n  the program imports 1 OpenSHMEM function the tracer does not"
                + " record (their calls count as computing): shmemx_int32_p\n"), summary);
        Path html = dir.resolve("report.html");
        Command.of(BIN2TXT, "--html", html.toString(), run.toString()).runOk();
        String page = Files.readString(html);
        int banner = page.indexOf("id=\"missing-data\"");
        assertTrue(banner > 0 && page.indexOf("shmemx_int32_p", banner) > 0, "the page's banner names it");

        Path clean = Workspace.freshDir("untraced-none").resolve("run");
        Programs.traced(2, clean, Programs.compile("calls")).runOk();
        assertFalse(Files.exists(clean.resolve("pe00000.untraced")), "every SHMEM function calls.c imports is traced");
        assertFalse(Command.of(BIN2TXT, "--summary", clean.toString()).runOk().stdout().contains("== not recorded"));
    }
}
