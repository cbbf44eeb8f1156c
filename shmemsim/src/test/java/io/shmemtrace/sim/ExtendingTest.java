package io.shmemtrace.sim;

import io.shmemtrace.format.testing.SyntheticRun;
import io.shmemtrace.io.Messages;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.merge.Alignment;
import io.shmemtrace.merged.merge.Merge;
import io.shmemtrace.merged.merge.MergedRun;
import io.shmemtrace.merged.merge.RunReading;
import io.shmemtrace.merged.read.CallEntry;
import io.shmemtrace.merged.read.Host;
import io.shmemtrace.merged.read.PeSet;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.merged.read.PeConverter;
import io.shmemtrace.sim.cli.Shmemsim;
import io.shmemtrace.replay.testing.ReplayRuns;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The recipes of docs/extending.md, carried out: each adds what the recipe says, and shows it working. */
class ExtendingTest {
    private static final long MS = 1_000_000;
    private static final long ADDR = 0x10000;

    @TempDir
    Path dir;

    /** 2 PEs: 10 ms of computing, a 1 MiB put of 3 ms to the other and a quiet of 2 ms, then a barrier. */
    private Path run() throws Exception {
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        for (int pe = 0; pe < 2; pe++) {
            run.call(pe, "shmem_putmem", 10 * MS, 3 * MS, 1 - pe, 1 << 20, ADDR).call(pe, "shmem_quiet", 0, 2 * MS);
        }
        return run.all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000)
                .writeTo(Files.createDirectories(dir.resolve("run")));
    }

    /** "A new model": FreeNetworkModel and its line in META-INF/services; --comm-model takes it by name. */
    @Test
    void aNewModelIsOneClassAndOneServiceLine() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Shmemsim.run(new String[] {"-q", "--comm-model", "free-network", run().toString()},
                new PrintStream(out, true), new PrintStream(err, true));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        // the window: from init's end, 10 ms of computing, then every call free
        assertTrue(text.contains("TotalPredictionTime 0.010000000"), text);
        ByteArrayOutputStream help = new ByteArrayOutputStream();
        Shmemsim.run(new String[] {"--help"}, new PrintStream(help, true), new PrintStream(new ByteArrayOutputStream()));
        assertTrue(help.toString(StandardCharsets.UTF_8).contains("free-network"), "listed by --help");
    }

    /**
     * "A new output format": a PeConverter (bytes put per task, calls per type, the put's quiet), handed a run
     * directory's merge as it is made (no temporary file) and a merged file alike, by MergedRun.convertPes.
     */
    @Test
    void aNewOutputFormatReadsTheMergedRun() throws Exception {
        Path run = run();
        BytesPerPe fromDirectory = new BytesPerPe();
        MergedRun.convertPes(run, RunReading.DEFAULT, Messages.SILENT, fromDirectory);
        assertEquals(1L << 20, fromDirectory.bytes[0]);
        assertEquals(1L << 20, fromDirectory.bytes[1]);
        assertEquals(2L, fromDirectory.calls.get(RecordType.QUIET));
        assertEquals(2L, fromDirectory.calls.get(RecordType.BARRIER_ALL));
        assertEquals(2, fromDirectory.putsCompletedByQuiet);
        Path merged = dir.resolve("run.psins");
        Merge.run(new Merge.Options(java.util.List.of(run), merged, dir.resolve("run.RankPid.extended"), false, 64,
                Alignment.Mode.AUTO, false), Messages.SILENT);
        BytesPerPe fromFile = new BytesPerPe();
        MergedRun.convertPes(merged, RunReading.DEFAULT, Messages.SILENT, fromFile);
        assertArrayEquals(fromDirectory.bytes, fromFile.bytes);
        assertEquals(fromDirectory.calls, fromFile.calls);
        assertEquals(fromDirectory.putsCompletedByQuiet, fromFile.putsCompletedByQuiet);
    }

    private static final class BytesPerPe implements PeConverter {
        long[] bytes;
        final Map<RecordType, Long> calls = new EnumMap<>(RecordType.class);
        int putsCompletedByQuiet;

        @Override
        public void start(int tasks, long baseRealNs, String runId, List<Host> hosts) {
            bytes = new long[tasks];
        }

        @Override
        public void beginTask(int task) { }

        @Override
        public void record(RunRecord r, long[] completes, int n) {
            calls.merge(r.type(), 1L, Long::sum);
            if (r.type() == RecordType.PUT) bytes[r.task()] += r.bytes();
            if (r.type() == RecordType.QUIET) putsCompletedByQuiet += n;
        }

        @Override
        public void endTask(int task) { }

        @Override
        public void finish(List<CallEntry> callTable, List<String> regionNames, List<PeSet> peSets) { }
    }
}
