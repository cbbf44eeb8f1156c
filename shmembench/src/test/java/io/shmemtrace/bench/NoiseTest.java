package io.shmemtrace.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.shmemtrace.bench.calibrate.Noise;
import io.shmemtrace.bench.run.Row;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How noisy a calibration's rows were: the median and the worst relative standard error, the worst row named. */
class NoiseTest {
    private static Row row(String api, long bytes, double rse) {
        return new Row(5, api, "C", "stream", 1, 1, bytes, 30, 1, 1, 1, rse);
    }

    @Test
    void medianAndWorstOfTheRows() {
        Noise n = Noise.of(List.of(row("shmem_long_p", 8, 0.01), row("shmem_putmem", 64, 0.002),
                row("shmem_getmem", 4096, 0.08), row("shmem_quiet", 0, 0.004)));
        assertEquals("4 rows, relative standard error of a row's mean: median 0.70 %, worst 8.00 % (shmem_getmem stream"
                + " 4096 B)", n.line());
        assertNull(Noise.of(List.of()));
    }
}
