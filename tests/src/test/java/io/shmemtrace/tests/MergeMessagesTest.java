package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A tool that merges a run directory for its own work says what the merge found under its own name, as every
 * other line it writes (a user who ran shmemsim was told "shmem2psins: ..."): the same bad file, given to each
 * tool, both ways a replay reads a directory (a temporary copy, or the traces side by side).
 */
class MergeMessagesTest {
    @Test
    void theMergesMessagesStartWithTheToolTheUserRan() throws Exception {
        Path dir = Workspace.freshDir("merge-messages");
        Path run = Files.createDirectories(dir.resolve("not-a-run"));
        Files.writeString(run.resolve("pe00000.shmt"), "not a trace");
        String problem = run.resolve("pe00000.shmt") + ": not a shmemtrace trace: 11 bytes, shorter than a header";
        Path out = dir.resolve("out");
        List<List<String>> tools = List.of(
                List.of("shmem2psins", "-o", out + ".psins"),
                List.of("shmem2otf2", "-o", out + ".otf2"),
                List.of("shmemsim", "--comm-model", "measured"),
                List.of("shmembin2txt", "--patterns"));
        for (String copy : List.of("always", "never")) {
            for (List<String> tool : tools) {
                List<String> argv = new ArrayList<>(tool);
                argv.set(0, Workspace.DIST.resolve("bin/" + tool.get(0)).toString());
                argv.add(run.toString());
                Command.Result r = new Command(argv).env("SHMEMTRACE_TEMP_MERGE", copy).run();
                assertEquals(1, r.exitCode(), r.describe());
                assertEquals(tool.get(0) + ": " + problem, r.stderr().lines().findFirst().orElseThrow(),
                        tool.get(0) + ", " + copy + ": " + r.describe());
            }
        }
    }
}
