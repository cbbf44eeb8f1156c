package io.shmemtrace.psins;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.PeEntry;
import io.shmemtrace.synth.SynthRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tool's text form (--text) of a synthetic run; the merge itself is tested in merged-run. */
class TextTest {
    private static final int PES = 4;
    private static final int EVENTS = 300;

    @TempDir
    Path tmp;

    @Test
    void textFormIsOneLinePerRecordAndTheSameForTheSameInput() throws Exception {
        Path run = Files.createDirectories(tmp.resolve("run"));
        new SynthRun(PES, EVENTS, 1, 64 * 1024, "test-run").writeTo(run);
        Merged.Run first = Merged.run("--text", "-q", run.toString());
        Merged.Run second = Merged.run("--text", "-q", run.toString());
        assertEquals(0, first.status(), first.err());
        assertEquals(first.out(), second.out());
        List<String> lines = first.out().lines().toList();
        assertEquals(1 + 1 + 1 + PES + 2 * PES * EVENTS, lines.size(), "header, set table, host, PE lines, records");
        assertTrue(lines.contains("# host 0: " + hostOf(run) + ": " + PES + " PEs"), lines.subList(0, 4).toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches("0 #3 put_nbi shmem_putmem_nbi t=\\S+ d=0\\.000000300 target=1"
                + " bytes=4096 nbi completion=#6")), first.out().lines().limit(12).toList().toString());
        // Text from the merged binary file is the same text.
        Path merged = tmp.resolve("run.psins");
        assertEquals(0, Merged.run("-q", "-o", merged.toString(), run.toString()).status());
        assertEquals(first.out(), Merged.run("--text", merged.toString()).out());
        try (MergedFile f = MergedFile.open(merged)) {
            for (PeEntry t : f.tasks()) assertEquals(EVENTS, t.events());
        }
    }

    /** The host the synthetic run's headers name (its PEs all on one). */
    private static String hostOf(Path run) throws Exception {
        try (TraceFile f = TraceFile.open(run.resolve(String.format("pe%05d.shmt", 0)))) {
            return f.header().host();
        }
    }
}
