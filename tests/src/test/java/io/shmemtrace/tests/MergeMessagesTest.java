package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.SyntheticRuns;
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

    /** A damaged trace: the refusal says how to merge what is intact, with the options of the tool that has them. */
    @Test
    void aDamagedRunIsRefusedWithTheWayToWhatIsIntact() throws Exception {
        Path run = SyntheticRuns.make("merge-messages-damaged", 2, 2000, "--block-size", "4096");
        Path trace = run.resolve("pe00001.shmt");
        byte[] bytes = Files.readAllBytes(trace);
        for (int i = 5000; i < 5064; i++) bytes[i] ^= (byte) 0xFF; // inside the second block's payload
        Files.write(trace, bytes);
        Command.Result merged = Command.of(Workspace.DIST.resolve("bin/shmem2psins").toString(), "-o",
                run + ".psins", run.toString()).run();
        assertEquals(1, merged.exitCode(), merged.describe());
        assertEquals("shmem2psins: nothing written: " + trace + " is damaged (--allow-partial merges what is intact)",
                merged.stderr().lines().reduce((a, b) -> b).orElseThrow(), merged.describe());
        Command.Result replayed = Command.of(Workspace.DIST.resolve("bin/shmemsim").toString(), "--comm-model",
                "measured", run.toString()).run();
        assertEquals(1, replayed.exitCode(), replayed.describe());
        assertEquals("shmemsim: cannot merge the run: " + trace + " is damaged (--allow-partial reads what is intact)", replayed.stderr().lines().reduce((a, b) -> b).orElseThrow(), replayed.describe());
        // every tool that reads a run takes the option (issue 43): the intact part is read
        Command.Result partial = Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--patterns",
                "--allow-partial", run.toString()).run();
        assertEquals(0, partial.exitCode(), partial.describe());
        assertTrue(partial.stdout().startsWith("wait states: "), partial.describe());
    }
}
