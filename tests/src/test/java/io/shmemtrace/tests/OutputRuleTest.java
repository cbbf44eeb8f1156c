package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.SyntheticRuns;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One rule for every output of every tool (issue 21 item 16; tool-cli OutputFiles): an existing file is replaced
 * only with --force (one line, exit 1, the file untouched, before any work), and what is written gets the
 * permissions the user's umask gives a new file, an OTF2 archive included.
 */
class OutputRuleTest {
    private static final String UMASK = "027";
    private static Path run;

    @BeforeAll
    static void synth() {
        run = SyntheticRuns.make("output-rule-run", 4, 200);
    }

    /** Each tool and the option that names its output; {} is replaced by the output's path. */
    private static final List<List<String>> OUTPUTS = List.of(
            List.of("shmembin2txt", "--html", "{}", "RUN"),
            List.of("shmembin2txt", "--summary", "--matrix", "{}", "RUN"),
            List.of("shmemsim", "-q", "--comm-model", "measured", "--json", "{}", "RUN"),
            List.of("shmem2psins", "-q", "-o", "{}", "RUN"),
            List.of("shmem2otf2", "-o", "{}", "RUN"),
            List.of("shmembench", "calibrate", "--np", "2", "-o", "{}"));

    @Test
    void anExistingOutputIsReplacedOnlyWithForce() throws Exception {
        Path dir = Workspace.freshDir("output-rule-exists");
        for (List<String> command : OUTPUTS) {
            Path target = dir.resolve(command.get(0) + "-" + command.get(command.indexOf("{}") - 1).replace("-", ""));
            Files.writeString(target, "mine\n");
            Command.Result r = tool(command, target, false);
            assertEquals(1, r.exitCode(), r.describe());
            assertEquals(command.get(0) + ": " + target + " exists (--force replaces it)\n",
                    r.messages().stream().map(l -> l + "\n").findFirst().orElse(""));
            assertEquals("mine\n", Files.readString(target), command.toString());
        }
    }

    @Test
    void whatIsWrittenFollowsTheUmask() throws Exception {
        Path dir = Workspace.freshDir("output-rule-umask");
        for (List<String> command : OUTPUTS) {
            if (command.get(0).equals("shmembench")) continue; // a minute of measuring: ShmembenchTest writes one
            Path target = dir.resolve(command.get(0) + "-" + command.get(command.indexOf("{}") - 1).replace("-", ""));
            Command.Result r = tool(command, target, false);
            assertEquals(0, r.exitCode(), r.describe());
            String expected = Files.isDirectory(target) ? "rwxr-x---" : "rw-r-----";
            assertEquals(expected, PosixFilePermissions.toString(Files.getPosixFilePermissions(target)),
                    command.toString());
            Command.Result again = tool(command, target, true);
            assertEquals(0, again.exitCode(), again.describe());
        }
    }

    /** The tool under `umask 027`, its output at target, the run as input. */
    private static Command.Result tool(List<String> command, Path target, boolean force) {
        StringBuilder line = new StringBuilder("umask " + UMASK + " && exec "
                + Workspace.DIST.resolve("bin/" + command.get(0)));
        for (String arg : command.subList(1, command.size())) {
            String a = arg.equals("{}") ? target.toString() : arg.equals("RUN") ? run.toString() : arg;
            line.append(' ').append(a);
        }
        if (force) line.append(" --force");
        return Command.of("sh", "-c", line.toString()).timeout(300).run();
    }
}
