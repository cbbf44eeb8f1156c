package io.shmemtrace.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.merged.format.PsinsType;
import io.shmemtrace.merged.merge.MergedRun;
import io.shmemtrace.merged.read.PsinsRecord;
import io.shmemtrace.merged.read.TaskEntry;
import io.shmemtrace.sim.cli.Shmemsim;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
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
        SyntheticRun run = new SyntheticRun(2).all("shmem_init", 0, 1000);
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

    /** "A new output format": over MergedRun (a merged file or a run directory), task by task, bytes put per task. */
    @Test
    void aNewOutputFormatReadsTheMergedRun() throws Exception {
        Map<PsinsType, Long> calls = new EnumMap<>(PsinsType.class);
        long[][] bytes = new long[1][];
        int status = MergedRun.convert(run(), "bytes-per-task", new PrintStream(new ByteArrayOutputStream()), f -> {
            bytes[0] = new long[f.tasks().size()];
            for (TaskEntry t : f.tasks()) {
                f.read(t.task(), (PsinsRecord r) -> {
                    calls.merge(r.type(), 1L, Long::sum);
                    if (r.type() == PsinsType.PUT) bytes[0][r.task()] += r.bytes();
                });
            }
            return 0;
        });
        assertEquals(0, status);
        assertEquals(1L << 20, bytes[0][0]);
        assertEquals(1L << 20, bytes[0][1]);
        assertEquals(2L, calls.get(PsinsType.QUIET));
        assertEquals(2L, calls.get(PsinsType.BARRIER_ALL));
    }
}
