package io.shmemtrace.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Fixed-point text against BigDecimal's, for every number of decimals, at the edges and at random. */
class DecimalsTest {
    private static void check(long units, int decimals) {
        assertEquals(BigDecimal.valueOf(units, decimals).toPlainString(),
                Decimals.append(new StringBuilder(), units, decimals).toString(), units + " with " + decimals);
    }

    @Test
    void asBigDecimalWritesThem() {
        long[] edges = {0, 1, 9, 10, 99, 100, 999, 1000, 1001, 999_999_999L, 1_000_000_000L, Long.MAX_VALUE};
        SplittableRandom random = new SplittableRandom(11);
        for (int decimals = 1; decimals <= 9; decimals++) {
            for (long v : edges) {
                check(v, decimals);
                check(-v, decimals);
            }
            for (int i = 0; i < 100_000; i++) check(random.nextLong() >> random.nextInt(63), decimals);
        }
    }
}
