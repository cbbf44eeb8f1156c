package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Python;
import io.shmemtrace.tests.support.TraceRewrite;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The archive of a real run read back by the OTF2 project's own Python reader (python3-otf2,
 * src/test/python/otf2_facts.py), as Vampir and Scalasca would read it: a system-tree node per host, the exact atomic
 * kinds with their bytes, waits, locks on no particular PE, windows created and destroyed, the synchronisation level
 * of each collective, the program's begin and end. Expected counts are calls.c's.
 */
class Otf2ReadBackTest {
    @Test
    void theReferenceReaderSeesEveryRecordAsMeant() throws Exception {
        if (!Python.has("otf2", "Otf2ReadBackTest", "python3-otf2")) return;
        Path dir = Workspace.freshDir("otf2-readback");
        Path run = dir.resolve("run");
        Programs.traced(2, run, Programs.compile("calls")).runOk();
        TraceRewrite.onHost(Traces.peFile(run, 0), "nodeA"); // as if each PE had run on a host of its own
        TraceRewrite.onHost(Traces.peFile(run, 1), "nodeB");
        Path archive = dir.resolve("calls.otf2");
        Command.of(Workspace.DIST.resolve("bin/shmem2otf2").toString(), "-o", archive.toString(), run.toString()).runOk();
        List<String> facts = Command.of(Python.PATH, Workspace.ROOT.resolve("tests/src/test/python/otf2_facts.py").toString(),
                archive.resolve("traces.otf2").toString()).timeout(300).runOk().stdout().lines().toList();

        List<String> expected = new ArrayList<>(List.of(
                "1 node machine class=machine parent=-",
                "1 node nodeA class=node parent=machine",
                "1 node nodeB class=node parent=machine",
                "1 group PE 0 on nodeA",
                "1 group PE 1 on nodeB"));
        for (int pe = 0; pe < 2; pe++) {
            String p = "PE " + pe + " ";
            expected.addAll(List.of(
                    "1 " + p + "ProgramBegin",
                    "1 " + p + "ProgramEnd",
                    "1 " + p + "RmaAcquireLock remote=4294967295", // OTF2_UNDEFINED_UINT32: no home PE
                    "1 " + p + "RmaReleaseLock remote=4294967295",
                    "1 " + p + "RmaAtomic COMPARE_AND_SWAP sent=16 received=8", // cond and value out, old value back
                    (pe + 1) + " " + p + "RmaAtomic FETCH_AND_ADD sent=8 received=8", // me+1 calls
                    "2 " + p + "RmaAtomic INCREMENT sent=0 received=0",
                    "1 " + p + "RmaCollectiveEnd ALLGATHER sync=0",
                    "1 " + p + "RmaCollectiveEnd ALLREDUCE sync=0",
                    "5 " + p + "RmaCollectiveEnd BARRIER sync=3", // barrier_all: process and memory
                    "1 " + p + "RmaCollectiveEnd BCAST sync=0",
                    "1 " + p + "RmaWaitChange",
                    "1 " + p + "RmaWinCreate PE set 0",
                    "1 " + p + "RmaWinDestroy PE set 0"));
        }
        String times = facts.get(facts.size() - 1);
        assertEquals(expected.stream().sorted().toList(), facts.subList(0, facts.size() - 1).stream().sorted().toList());
        // Times from the clock's offset, as Vampir shows them, start where the CSV's do (from the run's first event):
        // they were a second late, the stream's padding, with offset 0 (issue 42, item 3). Later times may differ by
        // how the two hosts' clocks are lined up: the merge on the first barrier, the CSV on the headers (issue 45).
        long firstNs = Long.MAX_VALUE;
        List<String> csv = Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--csv", run.toString())
                .runOk().stdout().lines().toList();
        int start = List.of(csv.get(0).split(",")).indexOf("start_ns");
        for (String row : csv.subList(1, csv.size())) firstNs = Math.min(firstNs, Long.parseLong(row.split(",")[start]));
        assertEquals("time first=" + firstNs, times);
    }
}
