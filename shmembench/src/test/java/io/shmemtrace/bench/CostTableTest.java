package io.shmemtrace.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shmemtrace.bench.calibrate.CostTable;
import io.shmemtrace.bench.catalog.Catalog;
import io.shmemtrace.bench.run.Row;
import java.util.List;
import org.junit.jupiter.api.Test;

/** calibrate's rows as the machine file's Model table lines: the keys, and each point's median with its ends. */
class CostTableTest {
    private static Row lock(String variant, double low, double median, double high) {
        // min and max beyond the ends: the ends are the samples past their fastest and slowest tenth
        return new Row(4, "shmem_set_lock", "c", variant, 1, 1, 0, 30, low / 2, median, high * 10, 0.01, 0, low, high);
    }

    @Test
    void aRowsPointIsItsMedianBetweenItsLowAndHighEndsNotItsExtremes() {
        List<Row> rows = List.of(lock("acquire", 4, 5, 6), lock("release", 3, 3.5, 4), lock("own-acquire", 0.1, 0.2, 0.3),
                lock("own-release", 0.5, 0.6, 0.7), lock("mutual-acquire", 6, 7, 8), lock("mutual-release", 4, 4.5, 5));
        String lines = CostTable.of(Catalog.spec(), 2).add(rows, CostTable.STATIC).rows().lines();
        assertEquals(List.of("Model table members=2", "Model table self.lock_acquire.call=0:2.00000e-07:1.00000e-07:3.00000e-07",
                "Model table self.lock_release.call=0:6.00000e-07:5.00000e-07:7.00000e-07",
                "Model table static.lock_acquire.call=0:5.00000e-06:4.00000e-06:6.00000e-06",
                "Model table static.lock_acquire.mutual=0:7.00000e-06:6.00000e-06:8.00000e-06",
                "Model table static.lock_release.call=0:3.50000e-06:3.00000e-06:4.00000e-06",
                "Model table static.lock_release.mutual=0:4.50000e-06:4.00000e-06:5.00000e-06"), lines.lines().toList());
    }
}
