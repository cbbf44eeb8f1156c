package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Hosts;
import io.shmemtrace.tests.support.Json;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Python;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real multi-host runs (issue 45): one job's 4 PEs across 2 and 4 hosts of this machine (scripts/hosts.sh: each a
 * network namespace with its own host name and monotonic clock; PE i on host i mod hosts; UCX over TCP between
 * them). Every PE's trace lands in one directory under one run id and names its host; the page's hosts, the summary's
 * matrix by host, OTF2's system tree and shmemsim's on-node and off-node bytes are the hosts' own. The program is
 * examples/c/lateflag.c: each step PE 0 writes a value and a flag (8 bytes each) to every other PE.
 */
class MultiHostTest {
    private static final int PES = 4, STEPS = 4;

    @RegisterExtension
    final Hosts hosts = new Hosts();

    @ParameterizedTest(name = "{0} hosts")
    @ValueSource(ints = {2, 4})
    void everyViewNamesTheRealHosts(int n) throws Exception {
        hosts.up(n);
        Path dir = Workspace.freshDir("multi-host-" + n);
        Path trace = dir.resolve("trace");
        Path program = Programs.example("examples/c/lateflag.c", "-I" + Workspace.DIST.resolve("include"));
        hosts.traced(PES, trace, program, Integer.toString(STEPS), "1000").runOk();

        Set<String> runIds = new HashSet<>();
        for (int pe = 0; pe < PES; pe++) {
            try (TraceFile f = TraceFile.open(Traces.peFile(trace, pe))) {
                assertEquals(Hosts.name(pe % n), f.header().host(), "PE " + pe + "'s host");
                runIds.add(f.header().runId());
            }
        }
        assertEquals(1, runIds.size(), "one run id on every host: " + runIds);

        String bin2txt = Workspace.DIST.resolve("bin/shmembin2txt").toString();
        Path page = dir.resolve("page.html");
        Command.of(bin2txt, "--html", page.toString(), trace.toString()).runOk();
        String perHost = n + " (" + String.join(", ", java.util.stream.IntStream.range(0, n)
                .mapToObj(h -> Hosts.name(h) + ": " + (PES / n) + " PE" + (PES / n == 1 ? "" : "s")).toList()) + ")";
        assertTrue(Files.readString(page).contains("<td id=\"fact-hosts\">" + perHost + "</td>"), perHost);
        String summary = Command.of(bin2txt, "--summary", trace.toString()).runOk().stdout();
        StringBuilder hostsLine = new StringBuilder("\n  hosts: " + n + " (");
        for (int h = 0; h < n; h++) {
            List<String> pes = new java.util.ArrayList<>();
            for (int pe = h; pe < PES; pe += n) pes.add(Integer.toString(pe));
            hostsLine.append(h == 0 ? "" : "; ").append(Hosts.name(h)).append(pes.size() == 1 ? ": PE " : ": PEs ")
                    .append(String.join(", ", pes));
        }
        assertTrue(summary.contains(hostsLine + ")\n"), hostsLine + " in\n" + summary);

        // PE 0 writes 16 bytes a step to each other PE: to those on its own host on-node, to the rest off-node
        long onNode = 0, offNode = 0;
        for (int pe = 1; pe < PES; pe++) {
            if (pe % n == 0) onNode += 16L * STEPS;
            else offNode += 16L * STEPS;
        }
        Path json = dir.resolve("sim.json");
        Command.of(Workspace.DIST.resolve("bin/shmemsim").toString(), "--comm-model", "measured", "--json",
                json.toString(), trace.toString()).runOk();
        String sim = Files.readString(json);
        assertEquals(onNode, (long) Json.number(sim, "on_node"), sim);
        assertEquals(offNode, (long) Json.number(sim, "off_node"), sim);

        if (Python.has("otf2", "MultiHostTest", "python3-otf2")) {
            Path archive = dir.resolve("run.otf2");
            Command.of(Workspace.DIST.resolve("bin/shmem2otf2").toString(), "-o", archive.toString(), trace.toString())
                    .runOk();
            List<String> facts = Command.of(Python.PATH, Workspace.ROOT.resolve("tests/src/test/python/otf2_facts.py")
                    .toString(), archive.resolve("traces.otf2").toString()).timeout(300).runOk().stdout().lines().toList();
            for (int h = 0; h < n; h++) {
                assertTrue(facts.contains("1 node " + Hosts.name(h) + " class=node parent=machine"), facts.toString());
            }
            for (int pe = 0; pe < PES; pe++) {
                assertTrue(facts.contains("1 group PE " + pe + " on " + Hosts.name(pe % n)), facts.toString());
            }
        }
    }
}
