package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.Category;
import io.shmemtrace.format.Completion;
import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.EventFlags;
import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.Layout;
import io.shmemtrace.format.Operation;
import io.shmemtrace.format.write.ThreadWriter;
import io.shmemtrace.format.write.TraceInfo;
import io.shmemtrace.format.write.TraceWriter;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.SyntheticRuns;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** shmem2otf2 through the reference OTF2 library, read back with otf2-print. */
class Otf2Test {
    private static final String SHMEM2OTF2 = Workspace.DIST.resolve("bin/shmem2otf2").toString();
    private static final Pattern ENTER = Pattern.compile("^ENTER\\s+(\\d+)\\s+\\d+\\s+Region: \"([^\"]+)\"");
    private static final Set<Operation> PUTS = EnumSet.of(Operation.PUT, Operation.P, Operation.IPUT);
    private static final Set<Operation> COLLECTIVES = EnumSet.of(Operation.BARRIER_ALL, Operation.BARRIER,
            Operation.SYNC_ALL, Operation.SYNC, Operation.BROADCAST, Operation.COLLECT, Operation.FCOLLECT,
            Operation.ALLTOALL, Operation.ALLTOALLS, Operation.REDUCE);

    private static String print(Path archive) {
        Command.Result r = Command.of("otf2-print", archive.resolve("traces.otf2").toString()).timeout(300).run();
        assertEquals(0, r.exitCode(), r.describe());
        return r.stdout();
    }

    /**
     * A name from a trace travels to the OTF2 writer inside its line protocol: a newline in it must not inject
     * records, nor a space split its record (issue 21 item 12). Both arrive as the region's name, the newline
     * escaped.
     */
    @Test
    void namesThatCouldBreakTheStreamArriveAsNames() throws Exception {
        Path dir = Workspace.freshDir("otf2-names");
        Path run = Files.createDirectories(dir.resolve("run"));
        String injecting = "evil\nR 99 0 injected\nL 1 2 3";
        EventTable table = new EventTable(List.of(
                new EventDef(0, "shmem_init", Category.SETUP, EventFlags.INIT, 0, List.of(), Operation.INIT,
                        Completion.COMPLETE),
                new EventDef(1, injecting, Category.ORDERING, 0, 0, List.of(), Operation.QUIET, Completion.COMPLETE),
                new EventDef(2, "with a space", Category.ORDERING, 0, 0, List.of(), Operation.QUIET,
                        Completion.COMPLETE),
                new EventDef(3, "shmem_finalize", Category.SETUP, EventFlags.FINALIZE, 0, List.of(),
                        Operation.FINALIZE, Completion.COMPLETE)));
        long t0 = 1_000_000;
        for (int pe = 0; pe < 2; pe++) {
            TraceInfo info = new TraceInfo(pe, 2, 100 + pe, 1_000_000_000L, 0, Layout.CLOCK_MONOTONIC, t0, t0, 0,
                    "names", "host");
            try (TraceWriter w = TraceWriter.create(Traces.peFile(run, pe), info, table, 4096)) {
                ThreadWriter t = w.thread(0);
                t.event(0, t0, t0 + 1000);
                t.event(1, t0 + 2000, t0 + 3000);
                t.event(2, t0 + 4000, t0 + 5000);
                t.event(3, t0 + 6000, t0 + 7000);
            }
        }
        Path archive = dir.resolve("names.otf2");
        Command.Result r = Command.of(SHMEM2OTF2, "-o", archive.toString(), run.toString()).run();
        assertEquals(0, r.exitCode(), r.describe());
        Map<String, Long> regions = new TreeMap<>();
        for (String line : print(archive).lines().toList()) {
            Matcher m = ENTER.matcher(line);
            if (m.find()) regions.merge(m.group(2), 1L, Long::sum);
        }
        assertEquals(Map.of("evil\\x0AR 99 0 injected\\x0AL 1 2 3", 2L, "with a space", 2L, "shmem_init", 2L,
                "shmem_finalize", 2L), regions);
    }

    @Test
    void aRealRunOpensWithEveryCallOfEveryPe() throws Exception {
        Path dir = Workspace.freshDir("otf2-calls");
        Path trace = dir.resolve("trace");
        Programs.traced(4, trace, Programs.compile("calls")).runOk();
        Path archive = dir.resolve("calls.otf2");
        Command.Result r = Command.of(SHMEM2OTF2, "-o", archive.toString(), trace.toString()).run();
        assertEquals(0, r.exitCode(), r.describe());
        String printed = print(archive);

        // events per PE and per function: the traces' own counts (a collapsed polling loop counts each call)
        Map<String, Long> expected = new TreeMap<>();
        long puts = 0, collectives = 0;
        for (int pe = 0; pe < 4; pe++) {
            try (TraceFile f = TraceFile.open(Traces.peFile(trace, pe))) {
                int p = pe;
                long[] counts = new long[2];
                f.read(e -> {
                    expected.merge(p + " " + e.name(), e.calls(), Long::sum);
                    if (PUTS.contains(e.def().operation())) counts[0] += e.calls();
                    if (COLLECTIVES.contains(e.def().operation())) counts[1] += e.calls();
                });
                puts += counts[0];
                collectives += counts[1];
            }
        }
        Map<String, Long> entered = new TreeMap<>();
        for (String line : printed.split("\n")) {
            Matcher m = ENTER.matcher(line);
            if (m.find()) entered.merge((Long.parseLong(m.group(1)) >> 16) + " " + m.group(2), 1L, Long::sum);
        }
        assertEquals(expected, entered);
        assertEquals(puts, printed.lines().filter(l -> l.startsWith("RMA_PUT ")).count());
        assertEquals(collectives, printed.lines().filter(l -> l.startsWith("RMA_COLLECTIVE_END ")).count());
        assertEquals(collectives, printed.lines().filter(l -> l.startsWith("RMA_COLLECTIVE_BEGIN ")).count());
        // every one-sided call is completed: on return, or at the quiet or barrier the merge linked it to
        long started = printed.lines().filter(l -> l.matches("^RMA_(PUT|GET|ATOMIC) .*")).count();
        long completed = printed.lines().filter(l -> l.startsWith("RMA_OP_COMPLETE_")).count();
        assertEquals(started, completed);
        assertTrue(printed.lines().anyMatch(l -> l.startsWith("RMA_OP_COMPLETE_REMOTE ")), "quiet completes puts");
        assertTrue(printed.lines().anyMatch(l -> l.startsWith("RMA_ACQUIRE_LOCK ")));
        assertTrue(printed.lines().anyMatch(l -> l.startsWith("RMA_RELEASE_LOCK ")));
    }

    @Test
    void aThousandPeSyntheticRunOpens() {
        Path dir = Workspace.freshDir("otf2-synth");
        SyntheticRuns.make(dir.resolve("run"), 1024, 100);
        Path archive = dir.resolve("synth.otf2");
        Command.Result r = Command.of(SHMEM2OTF2, "-o", archive.toString(), dir.resolve("run").toString()).timeout(300).run();
        assertEquals(0, r.exitCode(), r.describe());
        String printed = print(archive);
        assertEquals(1024L * 100, printed.lines().filter(l -> l.startsWith("ENTER ")).count());
        assertEquals(1024, printed.lines().filter(l -> l.startsWith("ENTER ") && l.contains("\"shmem_init\"")).count());
    }

    @Test
    void badInputWritesNothing() throws Exception {
        Path dir = Workspace.freshDir("otf2-bad");
        Path foreign = Files.createDirectories(dir.resolve("not-a-run"));
        Files.writeString(foreign.resolve("pe00000.shmt"), "not a trace");
        Path archive = dir.resolve("out.otf2");
        Command.Result r = Command.of(SHMEM2OTF2, "-o", archive.toString(), foreign.toString()).run();
        assertEquals(1, r.exitCode(), r.describe());
        // the merge step names the file and what is wrong with it, then says the run had no readable trace; every
        // line starts with the name of the tool the user ran, the merge's too
        assertEquals("shmem2otf2: " + foreign.resolve("pe00000.shmt") + ": not a shmemtrace trace: 11 bytes, shorter"
                + " than a header", r.stderr().lines().findFirst().orElseThrow());
        assertFalse(Files.exists(archive));
        try (var left = Files.list(dir)) {
            assertEquals(1, left.count(), "no temporary directory left behind");
        }
        Files.createDirectories(archive);
        Command.Result exists = Command.of(SHMEM2OTF2, "-o", archive.toString(), foreign.toString()).run();
        assertEquals("shmem2otf2: " + archive + " exists (--force replaces it)\n", exists.stderr());
    }
}
