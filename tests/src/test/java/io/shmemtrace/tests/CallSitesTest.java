package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.sites.ModuleMap;
import io.shmemtrace.format.sites.SiteKey;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.TracedWaits;
import io.shmemtrace.tests.support.Recorded;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * SHMEMTRACE_CALLSITES on a real run of late.c: every event's return address lies in the program, and the
 * summary, the merged text and the wait states name the source lines of late.c that made the calls.
 */
class CallSitesTest {
    private static final String BIN2TXT = Workspace.DIST.resolve("bin/shmembin2txt").toString();
    private static final String PSINS = Workspace.DIST.resolve("bin/shmem2psins").toString();
    private static Path program;
    private static Path dir;
    private static List<String> source;

    @BeforeAll
    static void traceWithCallSites() throws IOException {
        program = Programs.compile("late");
        source = Files.readAllLines(Workspace.C_SOURCES.resolve("late.c"));
        dir = Workspace.freshDir("callsites");
        Programs.traced(2, dir, program).env("SHMEMTRACE_CALLSITES", "1").runOk();
    }

    /** main@late.c:N for the first (or last) line of late.c holding text. */
    private static String site(String text, boolean last) {
        int line = last ? -1 : 0;
        for (int i = 0; i < source.size(); i++) {
            if (source.get(i).contains(text)) {
                line = i + 1;
                if (!last) break;
            }
        }
        assertTrue(line > 0, text + " not in late.c");
        return "main@late.c:" + line;
    }

    /**
     * The sites are right because every wrapper reaches its general path (the one that records call sites) by a
     * jump: its return address is then the program's. A call would leave an address inside the wrapper, so the
     * whole shim is checked, not only the calls late.c makes.
     */
    @Test
    void everyWrapperJumpsToItsGeneralPathNeverCallsIt() {
        String asm = Command.of("objdump", "-d", "--no-show-raw-insn",
                Workspace.DIST.resolve("lib/libshmemtrace.so").toString()).runOk().stdout();
        Set<String> general = new TreeSet<>(), jumpedTo = new TreeSet<>();
        Matcher m = Pattern.compile(
                "<(shmt_general_\\w+)>:$|\\t(call|j[a-z]+) +[0-9a-f]+ <(shmt_general_\\w+)>$",
                Pattern.MULTILINE).matcher(asm);
        while (m.find()) {
            if (m.group(1) != null) {
                general.add(m.group(1));
            } else {
                assertFalse(m.group(2).equals("call"), "a wrapper calls " + m.group(3));
                jumpedTo.add(m.group(3));
            }
        }
        assertTrue(general.size() > 800, general.size() + " general paths");
        assertEquals(general, jumpedTo);
    }

    @Test
    void everyEventCarriesAReturnAddressIntoTheProgram() throws Exception {
        for (int pe = 0; pe < 2; pe++) {
            Traces.Read read = Traces.read(Traces.peFile(dir, pe));
            assertTrue(read.file().header().callsites());
            ModuleMap map = ModuleMap.beside(Traces.peFile(dir, pe), pe);
            String path = program.toRealPath().toString();
            for (Recorded e : read.events()) {
                SiteKey site = map.locate(e.callsite());
                assertEquals(path, site.module(), e.name() + " #" + e.seq() + " at 0x" + Long.toHexString(e.callsite()));
            }
            // shmem_init, my_pe, 4 barriers, (PE 1) long_p + quiet, (PE 0) wait_until, finalize
            assertEquals(pe == 0 ? 8 : 9, read.events().size());
        }
    }

    @Test
    void theSummaryGroupsCallsBySourceLine() {
        Command.Result r = Command.of(BIN2TXT, "--summary", "--ns", dir.toString()).run();
        assertEquals(0, r.exitCode(), r.describe());
        String text = r.stdout();
        int at = text.indexOf("== call sites: the 8 of 8 with the most time in SHMEM");
        assertTrue(at >= 0, text);
        Map<String, String[]> rows = new HashMap<>(); // "function site" -> rank function calls total mean bytes PEs site
        for (String line : text.substring(at).lines().skip(2).toList()) {
            if (line.isBlank()) break;
            String[] f = line.trim().split("\\s+");
            rows.put(f[1] + " " + f[7], f);
        }
        assertEquals(8, rows.size(), rows.keySet().toString());
        String[] loop = rows.get("shmem_barrier_all " + site("shmem_barrier_all(", false));
        assertEquals("6", loop[2], "3 barriers in the loop on each of 2 PEs");
        assertEquals("2", loop[6]);
        String[] end = rows.get("shmem_barrier_all " + site("shmem_barrier_all(", true));
        assertEquals("2", end[2]);
        String[] put = rows.get("shmem_long_p " + site("shmem_long_p(", false));
        assertEquals(List.of("1", "8", "1"), List.of(put[2], put[5], put[6]), "one 8-byte put, on PE 1 only");
        assertEquals("1", rows.get("shmem_long_wait_until " + site("shmem_long_wait_until(", false))[2]);
        assertEquals("2", rows.get("shmem_init " + site("shmem_init(", false))[2]);
    }

    @Test
    void waitStatesNameTheLineThatWaited() {
        Command.Result r = Command.of(BIN2TXT, "--patterns", "--csv", dir.toString()).run();
        assertEquals(0, r.exitCode(), r.describe());
        Map<String, Double> lost = new HashMap<>();
        for (String line : r.stdout().lines().skip(1).toList()) {
            String[] f = line.split(",");
            lost.merge(f[0] + "," + f[1] + "," + f[2], Double.parseDouble(f[3]), Double::sum);
        }
        double loop = lost.getOrDefault("wait_at_barrier,0,shmem_barrier_all from " + site("shmem_barrier_all(", false), 0.0);
        double writer = lost.getOrDefault("late_writer,0,shmem_long_wait_until from " + site("shmem_long_wait_until(", false), 0.0);
        // expected from the trace itself, not from late.c's sleeps: PE 0 waits at each loop barrier from its arrival
        // to PE 1's, and in its wait until PE 1's put, as traced, has landed
        TracedWaits traced = TracedWaits.of(dir);
        assertEquals(traced.atBarriers(0, 3), loop, 1e-6, lost.toString());
        assertEquals(traced.forThePut(0, 1), writer, 1e-6, lost.toString());
        assertTrue(loop > 0 && writer > 0, "late.c's PE 1 is late: " + lost);
    }

    @Test
    void theMergedTraceKeepsEachEventsSite() throws IOException {
        Path merged = Workspace.freshDir("callsites-merged").resolve("run.psins");
        Command.Result r = Command.of(PSINS, "--text", dir.toString()).run();
        assertEquals(0, r.exitCode(), r.describe());
        List<String> sites = r.stdout().lines().filter(l -> l.startsWith("# site ")).toList();
        assertEquals(8, sites.size(), r.stdout());
        assertTrue(sites.contains("# site 0: late+0x" + sites.get(0).split("\\+0x")[1].split(" ")[0] + " "
                + site("shmem_init(", false)), sites.toString());
        List<String> events = r.stdout().lines().filter(l -> l.matches("\\d+ #\\d+ .*")).toList();
        assertEquals(17, events.size());
        for (String e : events) assertTrue(e.matches(".* site=[0-7]( .*|$)"), e);
        assertFalse(Files.exists(merged));
    }

    @Test
    void withoutItsModuleMapAPeShowsOffsetsAndSaysWhy() throws IOException {
        Path copy = Workspace.freshDir("callsites-nomap");
        for (String f : List.of("pe00000.shmt", "pe00001.shmt", "pe00001.modules")) {
            Files.copy(dir.resolve(f), copy.resolve(f));
        }
        Command.Result r = Command.of(BIN2TXT, "--summary", copy.toString()).run();
        assertEquals(0, r.exitCode(), r.describe());
        assertEquals("shmembin2txt: " + copy.resolve("pe00000.modules") + ": no module map; call sites are shown as"
                + " addresses", r.stderr().strip());
        assertTrue(r.stdout().contains(site("shmem_long_p(", false)), "PE 1's map names its sites");
        assertTrue(r.stdout().matches("(?s).*shmem_long_wait_until .* 0x[0-9a-f]+\\n.*"), "PE 0's wait stays an address");
    }
}
