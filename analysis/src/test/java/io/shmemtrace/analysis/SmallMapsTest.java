package io.shmemtrace.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Many small maps in flat rows: the same sums as a HashMap per map, in its row, spilled past it, and cleared. */
class SmallMapsTest {
    @Test
    void eachMapSumsByKeyInItsRowAndPastIt() {
        SmallMaps maps = new SmallMaps(3, 4);
        Map<Long, Double> small = new HashMap<>(), large = new HashMap<>();
        for (int round = 0; round < 3; round++) {
            for (long k = 0; k < 3; k++) { // map 0: three keys, in its row
                maps.add(0, k << 44, k + 0.25);
                small.merge(k << 44, k + 0.25, Double::sum);
            }
            for (long k = 0; k < 10; k++) { // map 2: ten keys, spilled past a row of four
                maps.add(2, k, k * 0.5);
                large.merge(k, k * 0.5, Double::sum);
            }
        }
        assertEquals(small, entries(maps, 0));
        assertEquals(large, entries(maps, 2));
        assertTrue(maps.isEmpty(1));
        for (Map.Entry<Long, Double> e : large.entrySet()) assertEquals(e.getValue(), maps.get(2, e.getKey()));
        assertEquals(large.values().stream().mapToDouble(Double::doubleValue).sum(), maps.total(2), 1e-12);
        assertEquals(0, maps.get(0, 7));

        maps.clear(2); // back to its row, then spilled again
        assertTrue(maps.isEmpty(2));
        assertEquals(0, maps.total(2));
        for (long k = 0; k < 6; k++) maps.add(2, k, 1);
        assertEquals(6, maps.total(2));
        assertEquals(6, entries(maps, 2).size());
        assertEquals(small, entries(maps, 0)); // the others untouched
        assertFalse(maps.isEmpty(0));
    }

    private static Map<Long, Double> entries(SmallMaps maps, int map) {
        Map<Long, Double> m = new HashMap<>();
        maps.forEach(map, m::put);
        return m;
    }
}
