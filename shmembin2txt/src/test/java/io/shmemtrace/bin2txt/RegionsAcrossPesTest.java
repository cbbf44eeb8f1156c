package io.shmemtrace.bin2txt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.testing.SyntheticRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The summary's regions across PEs: each PE's time in a region, exact with --ns and in 4 digits without. */
class RegionsAcrossPesTest {
    @TempDir
    Path dir;

    @Test
    void minMeanAndMaxAreEachPesTimeInTheRegion() throws Exception {
        // a region of 1,234,567 ns of work on PE 0 and 3,000,001 ns on PE 1 (the burst before its end): mean
        // 2,117,284 ns, imbalance (3,000,001 - 2,117,284) / 3,000,001 = 29.4 %
        Path run = new SyntheticRun(2, Runs.TABLE).all("shmem_init", 0, 1000)
                .begin(0, "solve", 10).end(0, "solve", 1_234_567)
                .begin(1, "solve", 10).end(1, "solve", 3_000_001)
                .all("shmem_finalize", 0, 1000).writeTo(Files.createDirectories(dir.resolve("run")));
        assertEquals(List.of("solve", "2", "1234567", "2117284", "3000001", "1", "29.4%", "0.0%"), row(run, "--ns"));
        assertEquals(List.of("solve", "2", "1.235", "ms", "2.117", "ms", "3.000", "ms", "1", "29.4%", "0.0%"), row(run));
    }

    /** The region's row of the table, split on spaces. */
    private static List<String> row(Path run, String... options) {
        String[] args = new String[options.length + 2];
        System.arraycopy(options, 0, args, 0, options.length);
        args[options.length] = "--summary";
        args[options.length + 1] = run.toString();
        Runs.Result r = Runs.run(args);
        assertEquals(0, r.status(), r.err());
        List<String> lines = r.out().lines().toList();
        int header = lines.indexOf("== regions across PEs (time per PE; imbalance = (max - mean) / max)");
        assertTrue(header >= 0, r.out());
        return List.of(lines.get(header + 2).trim().split(" +"));
    }
}
