package io.shmemtrace.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.io.Messages;
import io.shmemtrace.merged.merge.Alignment;
import io.shmemtrace.merged.merge.Merge;
import io.shmemtrace.sim.cli.Shmemsim;
import io.shmemtrace.replay.machine.MachineException;
import io.shmemtrace.replay.machine.MachineFile;
import io.shmemtrace.replay.testing.ReplayRuns;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad machine files and traces: one line each, exit 2 or 1, nothing written. */
class BadInputTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "Machine 1 1e9 1e-6                     | m.cfg:2: expected Machine nodes network_bw network_lt buses (5 fields), found 4",
        "Machine 1 fast 1e-6 1                  | m.cfg:2: network_bw 'fast' is not a finite number",
        "Machine 1 Infinity 1e-6 1              | m.cfg:2: network_bw 'Infinity' is not a finite number",
        "Node -1 8 1 1 5e9 NaN 1.0              | m.cfg:2: local_lt 'NaN' is not a finite number",
        "Machine 1 0 1e-6 1                     | m.cfg:2: network_bw 0 must be above 0",
        "Node -1 8 1 1 5e9 -1 1.0               | m.cfg:2: local_lt -1 is negative",
        "Node -1 0 1 1 5e9 1e-7 1.0             | m.cfg:2: cores, inp and out must be at least 1",
        "Map 0                                  | m.cfg:2: expected Map task node (3 fields), found 2",
        "Model loggp onnode.L                   | m.cfg:2: 'onnode.L' is not key=value",
        "Switch 4                               | m.cfg:2: unknown line 'Switch' (expected Machine, Node, Map or Model)",
    })
    void eachBadLineIsNamedByFileAndLine(String line, String message) {
        String text = "# a machine\n" + line.strip() + "\nMachine 1 1e9 1e-6 1\nNode -1 8 1 1 5e9 1e-7 1.0\n";
        MachineException e = assertThrows(MachineException.class, () -> MachineFile.parse("m.cfg", text));
        assertEquals(message, e.getMessage());
    }

    @Test
    void thePaperMachineFileReads() throws MachineException {
        var m = MachineFile.parse("psins.cfg", """
                #machine nodes network_bw network_lt buses
                Machine  -8    1.8035E9   1.71E-6    4
                #node id cores inp out local_bw  local_lt cpu_ratio
                Node   -1 8    1   1   5.0542E9  2.0E-7   4.558861413297091
                #map task_id node_id
                Map -1  0
                """);
        assertEquals(8, m.coresPerNode());
        assertEquals(4, m.buses());
        assertEquals(4.558861413297091, m.nodeOf(3).cpuRatio());
        assertEquals(3, m.nodeCount(20)); // 8 cores a node
    }

    private Path run() throws Exception {
        return ReplayRuns.of(2).all("shmem_init", 0, 1000).all("shmem_barrier_all", 500, 100)
                .all("shmem_finalize", 0, 1000).writeTo(Files.createDirectories(dir.resolve("run")));
    }

    private record Outcome(int status, String out, String err) {}

    private Outcome shmemsim(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int s = Shmemsim.run(args, new PrintStream(out), new PrintStream(err));
        return new Outcome(s, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aMapLineNamingANodeThatDoesNotExist() throws Exception {
        Path m = Files.writeString(dir.resolve("m.cfg"), "Machine 2 1e9 1e-6 1\nNode -1 8 1 1 5e9 1e-7 1.0\nMap 1 5\n");
        Path json = dir.resolve("p.json");
        Outcome o = shmemsim("-q", "--machine", m.toString(), "--json", json.toString(), run().toString());
        assertEquals(2, o.status());
        assertEquals("shmemsim: " + m + ":3: Map names node 5, but the machine has 2 nodes (0..1)\n", o.err());
        assertEquals("", o.out());
        assertFalse(Files.exists(json));
    }

    @Test
    void aModelThatNeedsAMachineSaysSo() throws Exception {
        Outcome o = shmemsim("-q", run().toString());
        assertEquals(2, o.status());
        assertEquals("shmemsim: model table needs a machine file (--machine FILE; shmembench calibrate writes one for"
                + " this machine)\n", o.err());
    }

    private Path merged(Path runDir, boolean partial) throws Exception {
        Path out = dir.resolve(partial ? "partial.psins" : "run.psins");
        Merge.run(new Merge.Options(List.of(runDir), out, dir.resolve("side"), partial, 64, Alignment.Mode.AUTO, true),
                Messages.SILENT);
        return out;
    }

    @Test
    void aCutMergedFileIsOneLine() throws Exception {
        Path f = merged(run(), false);
        try (FileChannel c = FileChannel.open(f, StandardOpenOption.WRITE)) {
            c.truncate(c.size() - 40);
        }
        Path json = dir.resolve("p.json");
        Outcome o = shmemsim("-q", "--comm-model", "measured", "--json", json.toString(), f.toString());
        assertEquals(1, o.status());
        assertEquals(1, o.err().lines().count(), o.err());
        assertEquals(true, o.err().startsWith("shmemsim: " + f + ": "), o.err());
        assertEquals("", o.out());
        assertFalse(Files.exists(json));
    }

    @Test
    void aPartialMergeIsRefused() throws Exception {
        Path r = run();
        Files.delete(r.resolve("pe00001.shmt"));
        Path f = merged(r, true);
        Outcome o = shmemsim("-q", "--comm-model", "measured", f.toString());
        assertEquals(1, o.status());
        assertEquals("shmemsim: " + f + ": a partial merge (1 PEs missing): the others would wait for them forever\n",
                o.err());
    }

    @Test
    void collectivesThatDoNotMatchAreRefused() throws Exception {
        // PE 1 makes one barrier fewer: the merge counts the mismatch, the replay refuses
        Path r = ReplayRuns.of(2).all("shmem_init", 0, 1000).all("shmem_barrier_all", 500, 100)
                .call(0, "shmem_barrier_all", 500, 100).all("shmem_finalize", 0, 1000)
                .writeTo(Files.createDirectories(dir.resolve("mismatch")));
        Path out = dir.resolve("m.psins");
        Merge.Result m = Merge.run(new Merge.Options(List.of(r), out, dir.resolve("side"), false, 64,
                Alignment.Mode.AUTO, true), Messages.SILENT);
        assertEquals(1, m.mismatches());
        Outcome o = shmemsim("-q", "--comm-model", "measured", out.toString());
        assertEquals(1, o.status(), o.err());
        assertEquals("shmemsim: " + out + ": the merge found 1 collective calls that do not match across PEs\n", o.err());
        assertEquals("", o.out());
    }

    @Test
    void aTargetPeOutsideTheRunIsOneLine() throws Exception {
        // PE 0 puts to PE -86 (a damaged or hostile trace): the replay refuses it with one line, exit 1
        Path r = ReplayRuns.of(2).all("shmem_init", 0, 1000).call(0, "shmem_putmem", 500, 100, -86, 8, 0x10000)
                .all("shmem_barrier_all", 500, 100).all("shmem_finalize", 0, 1000)
                .writeTo(Files.createDirectories(dir.resolve("target")));
        Outcome o = shmemsim("-q", "--comm-model", "measured", r.toString());
        assertEquals(1, o.status(), o.err());
        assertEquals(1, o.err().lines().count(), o.err());
        assertTrue(o.err().contains("shmem_putmem to PE -86, outside the run's PEs 0..1 (a damaged trace)"), o.err());
        assertEquals("", o.out());
    }
}
