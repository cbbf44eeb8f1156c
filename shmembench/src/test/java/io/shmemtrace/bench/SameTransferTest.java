package io.shmemtrace.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shmemtrace.bench.calibrate.FasterOfTwo;
import io.shmemtrace.bench.calibrate.SameTransfer;
import io.shmemtrace.bench.catalog.Catalog;
import io.shmemtrace.bench.run.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A one-element put or get told to be in a slow mode by the bytes call that moves the same at that size. */
class SameTransferTest {
    private static Row row(String api, String variant, long bytes, double min, double median, double max) {
        return new Row(5, api, "C", variant, 1, 1, bytes, 30, min, median, max, 0.01);
    }

    @Test
    void aOneElementCallFarSlowerThanItsBytesCallIsAMode() {
        Row slowG = row("shmem_long_g", "return", 8, 24.945, 27.046, 31.239);
        Row getmem = row("shmem_getmem", "return", 8, 6.385, 6.634, 30.171);
        Row p = row("shmem_long_p", "stream", 8, 0.29, 0.30, 0.31);
        Row putmem = row("shmem_putmem", "stream", 8, 0.27, 0.28, 0.29);
        Row pAlone = row("shmem_long_p", "+quiet", 8, 9.0, 9.5, 10.0); // no putmem +quiet at 8 B: left as it is
        Row putmem16 = row("shmem_putmem", "+quiet", 16, 1.0, 1.1, 1.2);
        List<String> notes = new ArrayList<>();
        FasterOfTwo.Kept kept = SameTransfer.of(List.of(slowG, getmem, p, putmem, pAlone, putmem16), Set.of(),
                Catalog.spec(), notes::add);
        Row g = kept.rows().get(0);
        // the g's median is getmem's; its fastest no slower than that; its slowest its own slowest
        assertEquals(List.of(6.634, 6.634, 31.239), List.of(g.minUs(), g.medianUs(), g.maxUs()));
        assertEquals(List.of(getmem, p, putmem, pAlone, putmem16), kept.rows().subList(1, 6));
        assertEquals(Set.of(g), kept.modes());
        assertEquals(List.of("shmem_long_g return 8 B: 27.0460 us, 6.6340 for shmem_getmem (the same transfer: its median"
                + " kept, this one as the high end)"), notes);
    }

    @Test
    void modesKnownBeforeStay() {
        Row p = row("shmem_long_p", "mutual", 8, 0.5, 0.6, 1.9);
        Row putmem = row("shmem_putmem", "mutual", 8, 0.5, 0.55, 0.6);
        FasterOfTwo.Kept kept = SameTransfer.of(List.of(p, putmem), Set.of(p), Catalog.spec(), n -> { });
        assertEquals(List.of(p, putmem), kept.rows());
        assertEquals(Set.of(p), kept.modes());
    }
}
