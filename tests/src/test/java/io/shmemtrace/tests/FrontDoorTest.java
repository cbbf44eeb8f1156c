package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.SyntheticRuns;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One front door after the trace (issue 43): `shmemtrace VERB` is the tool that does it, with the tool's own options;
 * each verb gives what the tool gives, and the help names every verb.
 */
class FrontDoorTest {
    private static final String SHMEMTRACE = Workspace.LAUNCHER.toString();

    private static String bin(String tool) {
        return Workspace.DIST.resolve("bin/" + tool).toString();
    }

    @Test
    void eachVerbIsItsTool() throws Exception {
        Path run = SyntheticRuns.make("front-door", 4, 200);
        String r = run.toString();
        for (List<String> pair : List.of(List.of("summary", "--summary"), List.of("csv", "--csv"),
                List.of("waits", "--patterns"))) {
            assertEquals(Command.of(bin("shmembin2txt"), pair.get(1), r).runOk().stdout(),
                    Command.of(SHMEMTRACE, pair.get(0), r).runOk().stdout(), pair.get(0));
        }
        assertEquals(Command.of(bin("shmembin2txt"), r).runOk().stdout(), Command.of(SHMEMTRACE, "list", r).runOk().stdout());
        Path dir = Workspace.freshDir("front-door-out");
        Command.of(SHMEMTRACE, "merge", "-q", "-o", dir.resolve("a.psins").toString(), r).runOk();
        Command.of(bin("shmem2psins"), "-q", "-o", dir.resolve("b.psins").toString(), r).runOk();
        assertArrayEquals(Files.readAllBytes(dir.resolve("b.psins")), Files.readAllBytes(dir.resolve("a.psins")));
        Command.of(SHMEMTRACE, "page", dir.resolve("p.html").toString(), r).runOk();
        assertTrue(Files.readString(dir.resolve("p.html")).contains("<h2>Job</h2>"));

        String help = Command.of(SHMEMTRACE, "--help").runOk().stdout();
        for (String verb : List.of("summary", "findings", "page", "csv", "waits", "list", "merge", "otf2", "sim",
                "bench", "synth")) {
            assertTrue(help.contains("\n  shmemtrace " + verb + " "), verb + " in\n" + help);
        }
    }
}
