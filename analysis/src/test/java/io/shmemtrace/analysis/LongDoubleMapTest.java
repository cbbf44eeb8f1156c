package io.shmemtrace.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The analyses' map of seconds by packed key: the same sums as a HashMap, through growth and clearing. */
class LongDoubleMapTest {
    @Test
    void sumsByKeyLikeAHashMapThroughGrowthAndClearing() {
        LongDoubleMap map = new LongDoubleMap();
        Map<Long, Double> expected = new HashMap<>();
        // keys that differ only in their high bits (a PE packed at bit 44) and only in their low bits
        for (int round = 0; round < 3; round++) {
            for (long pe = 0; pe < 5000; pe++) {
                long key = pe << 44 | (pe % 7);
                map.add(key, pe * 0.5);
                expected.merge(key, pe * 0.5, Double::sum);
            }
        }
        assertEquals(expected.size(), map.size());
        for (Map.Entry<Long, Double> e : expected.entrySet()) assertEquals(e.getValue(), map.get(e.getKey()));
        Map<Long, Double> visited = new HashMap<>();
        map.forEach(visited::put);
        assertEquals(expected, visited);
        assertEquals(expected.values().stream().mapToDouble(Double::doubleValue).sum(), map.total(), 1e-6);
        map.clear();
        assertEquals(0, map.size());
        assertEquals(0, map.get(1L << 44 | 1));
        map.add(3, 1.25);
        assertEquals(1.25, map.get(3));
        assertEquals(1.25, map.total());
    }
}
