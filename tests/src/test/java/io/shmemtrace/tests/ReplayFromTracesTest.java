package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.SyntheticRuns;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A tool that replays a run directory gives the same output whether it merges the run into a temporary file first
 * (SHMEMTRACE_TEMP_MERGE=always, the default where TMPDIR has room) or makes each task's records from its trace
 * again as the replay asks (never: no copy of the run), and leaves nothing in TMPDIR either way. On real runs
 * (calls: RMA on contexts, locks, collectives; threads; steer: the program's regions) and synthetic ones on two
 * hosts (the barrier step's shifts; blocks of 4 KB), with every communication model.
 */
class ReplayFromTracesTest {
    private static final List<String> MODELS = List.of("table", "loggp", "simple", "contention", "measured");

    @Test
    void aRealRunReplaysAlikeFromItsTraces() throws Exception {
        Path calls = Workspace.freshDir("from-traces-calls");
        Programs.traced(4, calls, Programs.compile("calls")).runOk();
        assertAlike(calls, true);
    }

    @Test
    void threadsAndRegionsReplayAlikeFromTheirTraces() throws Exception {
        Path threads = Workspace.freshDir("from-traces-threads");
        Programs.traced(2, threads, Programs.compile("threads"), "3", "200").runOk();
        assertAlike(threads, false);
        Path steer = Workspace.freshDir("from-traces-steer");
        Programs.traced(2, steer, Programs.compile("steer", "steer", "-I" + Workspace.DIST.resolve("include")), "20").runOk();
        assertAlike(steer, false);
    }

    @Test
    void aSyntheticRunOnTwoHostsReplaysAlikeFromItsTraces() throws Exception {
        assertAlike(SyntheticRuns.make("from-traces-synth", 8, 20000, "--hosts", "2", "--block-size", "4096"), false);
    }

    private static void assertAlike(Path run, boolean html) throws Exception {
        Path machine = Workspace.WORK.resolve("from-traces-machine.cfg");
        Files.writeString(machine, "Machine -8 1.8e9 1.7e-6 4\nNode -1 8 1 1 5e9 2e-7 1.0\n");
        for (String model : MODELS) {
            String copied = tool(run, "always", "shmemsim", "-q", "--comm-model=" + model, "--machine", machine.toString());
            String streamed = tool(run, "never", "shmemsim", "-q", "--comm-model=" + model, "--machine", machine.toString());
            assertTrue(copied.contains("TotalPredictionTime"), run + " " + model + ": " + copied);
            assertEquals(copied, streamed, run + " " + model);
        }
        assertEquals(tool(run, "always", "shmembin2txt", "--patterns"), tool(run, "never", "shmembin2txt", "--patterns"),
                run + " --patterns");
        if (html) {
            Path always = Workspace.WORK.resolve(run.getFileName() + "-always.html");
            Path never = Workspace.WORK.resolve(run.getFileName() + "-never.html");
            tool(run, "always", "shmembin2txt", "--force", "--html", always.toString());
            tool(run, "never", "shmembin2txt", "--force", "--html", never.toString());
            assertEquals(Files.readString(always), Files.readString(never), run + " --html");
        }
    }

    /** The tool's output on run with SHMEMTRACE_TEMP_MERGE=copy (its own timing left out); TMPDIR is left empty. */
    private static String tool(Path run, String copy, String tool, String... options) throws Exception {
        Path tmp = Workspace.freshDir("from-traces-tmp");
        List<String> argv = new ArrayList<>(List.of(Workspace.DIST.resolve("bin/" + tool).toString()));
        argv.addAll(List.of(options));
        argv.add(run.toString());
        Command.Result r = new Command(argv).env("SHMEMTRACE_TEMP_MERGE", copy).env("TMPDIR", tmp.toString()).runOk();
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(), left.toList(), tool + " with " + copy + " left files in TMPDIR");
        }
        return r.stdout().replaceAll("replayed in [0-9.]+ s \\([0-9.]+ M events/s\\)", "replayed");
    }
}
