package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.psins.read.PsinsFile;
import io.shmemtrace.psins.read.TaskEntry;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** 16,384 PEs, merged under ulimit -n 256: the merge never holds more files open than it is allowed. */
class MergeScaleTest {
    private static final int PES = 16_384;
    private static final int EVENTS = 12;

    @Test
    void sixteenThousandPesMergeUnderUlimit256() throws Exception {
        Path run = Workspace.freshDir("synth-16k");
        Command.of(Workspace.DIST.resolve("bin/shmemtrace").toString(), "synth", "--pes", Integer.toString(PES),
                "--events", Integer.toString(EVENTS), "--block-size", "4096", run.toString()).timeout(300).runOk();
        Path merged = Workspace.freshDir("synth-16k-merged").resolve("synth-16k.psins");
        Command.Result r = Command.of("sh", "-c", "ulimit -n 256 && exec \"$0\" -q -o \"$1\" \"$2\"",
                Workspace.DIST.resolve("bin/shmem2psins").toString(), merged.toString(), run.toString())
                .timeout(300).runOk();
        assertEquals("", r.stderr());
        try (PsinsFile f = PsinsFile.open(merged)) {
            assertEquals(PES, f.header().tasks());
            assertEquals(0, f.header().missing());
            assertEquals((long) PES * EVENTS, f.header().events());
            assertEquals(0, f.header().collectiveMismatches());
            for (TaskEntry t : f.tasks()) assertEquals(2L * EVENTS, t.records(), "task " + t.task());
            // The last task's records are there and its own, in order.
            var last = f.records(PES - 1);
            assertEquals(2 * EVENTS, last.size());
            assertEquals("shmem_finalize", last.get(last.size() - 1).name());
            assertEquals(PES - 1, last.get(1).task());
        }
    }

    @Test
    void progressShowsOnATerminalOnly() throws Exception {
        Path run = Workspace.freshDir("synth-progress");
        Command.of(Workspace.DIST.resolve("bin/shmemtrace").toString(), "synth", "--pes", "8", "--events", "100",
                run.toString()).runOk();
        Path out = Workspace.freshDir("synth-progress-merged");
        String merge = Workspace.DIST.resolve("bin/shmem2psins") + " -o " + out.resolve("tty.psins") + " " + run;
        // script(1) runs the merge on a pseudo-terminal, as a user at a shell would.
        Command.Result tty = Command.of("script", "-qec", merge, "/dev/null").runOk();
        assertTrue(tty.stdout().contains("100% 8/8 PEs"), tty.stdout());
        Command.Result piped = Command.of("sh", "-c", merge.replace("tty.psins", "piped.psins")).runOk();
        assertEquals(List.of("shmem2psins: 800 events of 8 PEs into " + out.resolve("piped.psins")),
                piped.stderr().lines().map(l -> l.replaceFirst(", alignment.*", "")).toList());
    }
}
