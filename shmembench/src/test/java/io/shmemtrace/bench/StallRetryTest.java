package io.shmemtrace.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shmemtrace.bench.run.BenchRun;
import io.shmemtrace.bench.run.Row;
import io.shmemtrace.bench.run.Toolchain.Built;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A case that stalls (this Open MPI hangs now and then on a loaded machine) is run again, up to
 * {@link BenchRun#STALL_RETRIES} times, before it counts as failed: a stand-in benchmark under real oshrun (1 PE)
 * that prints case 0's row, then case 1's row, then stalls in case 1 on its first two runs (each stopped after 30 s
 * without output: time enough for oshrun to start with both cores busy). Case 1's row is kept once, from the run that
 * counts: the stalled runs' rows of the case they stalled in are not.
 */
class StallRetryTest {
    @TempDir
    Path dir;

    @Test
    void aStalledCaseIsRunAgainAndOnlyTheRowsOfFinishedCasesAreKept() throws Exception {
        Path marker = dir.resolve("stalls");
        Path program = dir.resolve("bench.sh");
        Files.writeString(program, """
                #!/bin/sh
                # arguments: the first case to run, then cases to skip
                row() { printf 'ROW\\t%s\\tshmem_putmem\\tc\\t+quiet\\t8\\t1\\t8\\t5\\t0.01\\t1.0\\t1.0\\t1.0\\n' "$1"; }
                start=$1
                if [ "$start" -le 0 ]; then printf 'CASE\\t0\\tshmem_putmem\\n'; row 1; fi
                printf 'CASE\\t1\\tshmem_getmem_nbi\\n'
                row 2
                echo stalled >> MARKER
                if [ "$(wc -l < MARKER)" -le 2 ]; then exec sleep 600; fi
                """.replace("MARKER", marker.toString()));
        Files.setPosixFilePermissions(program, PosixFilePermissions.fromString("rwxr-xr-x"));
        Built built = new Built(null, program, null, false);
        List<BenchRun.Attempt> attempts = BenchRun.run(built, 1, BenchRun.PLAIN, BenchRun.Restart.RESUME, 30, line -> { });
        assertEquals(3, attempts.size(), attempts.toString());
        assertEquals(0, attempts.stream().filter(a -> a.failure() != null).count(), "no failure counted: " + attempts);
        assertEquals(List.of(1, 2), attempts.stream().flatMap(a -> a.rows().stream()).map(Row::test).toList());
    }
}
