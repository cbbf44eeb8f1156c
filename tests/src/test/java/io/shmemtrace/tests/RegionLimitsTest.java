package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.Operation;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Regions past the shim's limits (issue 41, item 7), under real oshrun (tests/src/test/c/manyregions.c): a PE that
 * makes more names than it keeps apart records the rest as "(other regions)", every record kept and the run whole
 * (past 4,096 names the records were dropped and the merge called the run damaged); region calls a signal handler
 * makes during a SHMEM call are left out, said in one line, and the run stays whole (they were counted as calls not
 * recorded, and every tool refused the run).
 */
class RegionLimitsTest {
    private static final int KEPT_NAMES = 65_536;
    private static final Pattern LOST = Pattern.compile(
            "shmemtrace: PE (\\d+): (\\d+) region, mark, pause or resume calls? made by a signal handler");

    private static Path program() {
        return Programs.compile("manyregions", "manyregions", "-I" + Workspace.DIST.resolve("include"));
    }

    @Test
    void namesPastTheLimitAreOtherRegionsAndNothingIsLost() throws Exception {
        int regions = KEPT_NAMES + 4_464;
        Path dir = Workspace.freshDir("many-region-names");
        Programs.traced(1, dir, program(), "names", Integer.toString(regions)).timeout(300).runOk();
        try (TraceFile f = TraceFile.open(Traces.peFile(dir, 0))) {
            assertEquals(0, f.header().droppedEvents());
            assertEquals(KEPT_NAMES, f.regionNames().size());
            assertEquals("(other regions)", f.regionNames().get(KEPT_NAMES - 1));
            Map<String, Long> begun = new TreeMap<>();
            f.read(e -> {
                if (e.def().operation() == Operation.REGION_BEGIN) {
                    begun.merge(e.regionName().startsWith("r") ? "named" : e.regionName(), 1L, Long::sum);
                }
            });
            // r0 .. r65534 under their own names, the 4,465 after them as one
            assertEquals(Map.of("named", (long) KEPT_NAMES - 1, "(other regions)", (long) regions - KEPT_NAMES + 1), begun);
            assertEquals(0, f.problems().stream().filter(p -> p.damage()).count(), f.problems().toString());
        }
        Path merged = Workspace.freshDir("many-region-names-merged").resolve("run.psins");
        Command.Result merge = Command.of(Workspace.DIST.resolve("bin/shmem2psins").toString(), "-o", merged.toString(),
                dir.toString()).run();
        assertEquals(0, merge.exitCode(), merge.describe());
    }

    @Test
    void regionCallsFromASignalHandlerInACallAreSaidAndTheRunStaysWhole() throws Exception {
        int npes = 2;
        Path dir = Workspace.freshDir("handler-regions");
        Command.Result run = Programs.traced(npes, dir, program(), "handler", "20000").timeout(300).runOk();
        Map<Integer, Long> lost = new TreeMap<>();
        Matcher m = LOST.matcher(run.stderr());
        while (m.find()) lost.put(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)));
        Matcher handled = Pattern.compile("pe (\\d+): handler (\\d+)").matcher(run.stdout());
        while (handled.find()) {
            int pe = Integer.parseInt(handled.group(1));
            long calls = 2 * Long.parseLong(handled.group(2)); // a begin and an end per alarm
            try (TraceFile f = TraceFile.open(Traces.peFile(dir, pe))) {
                assertEquals(0, f.header().droppedEvents(), "PE " + pe);
                long[] recorded = new long[1];
                f.read(e -> {
                    if (e.def().operation() == Operation.REGION_BEGIN || e.def().operation() == Operation.REGION_END) {
                        recorded[0]++;
                    }
                });
                // every handler call is recorded or said, none twice
                assertEquals(calls, recorded[0] + lost.getOrDefault(pe, 0L), "PE " + pe + ": " + run.stderr());
            }
        }
        assertTrue(run.stdout().contains("pe 1: handler"), run.describe());
        Command.Result summary = Command.of(Workspace.DIST.resolve("bin/shmembin2txt").toString(), "--patterns",
                dir.toString()).run();
        assertEquals(0, summary.exitCode(), summary.describe());
    }

    /** Region names are the program's text: shown with their terminal controls escaped (issue 41, item 13). */
    @Test
    void regionNamesWithTerminalControlsAreShownEscaped() {
        Path dir = Workspace.freshDir("control-region-names");
        Programs.traced(1, dir, program(), "controls", "1").runOk();
        String bin2txt = Workspace.DIST.resolve("bin/shmembin2txt").toString();
        for (String mode : new String[] {"--summary", "--listing"}) {
            Command.Result r = (mode.equals("--listing") ? Command.of(bin2txt, dir.toString())
                    : Command.of(bin2txt, mode, dir.toString())).run();
            assertEquals(0, r.exitCode(), r.describe());
            assertTrue(r.stdout().contains("evil\\x1B[2Jname"), mode + ": " + r.stdout());
            assertTrue(r.stdout().contains("m\\x0D\\x0Afake line"), mode + ": " + r.stdout());
            assertTrue(r.stdout().chars().noneMatch(c -> c == 0x1B || c == '\r'), mode + ": a control printed raw");
        }
    }
}
