package io.shmemtrace.merged.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The side file's seconds are what "%.9f" of ns / 1e9 wrote, for every ns. */
class CallTotalsTest {
    private static String seconds(long ns) {
        StringBuilder b = new StringBuilder();
        CallTotals.seconds(b, ns);
        return b.toString();
    }

    @Test
    void asStringFormatWroteThem() {
        long[] edges = {0, 1, 9, 10, 999_999_999L, 1_000_000_000L, 1_000_000_001L, 100_000_000L, 123_456_789_012L,
                (1L << 51) - 1, 1L << 51, (1L << 51) + 1, 1L << 53, Long.MAX_VALUE, -1, -1_500_000_000L};
        for (long ns : edges) assertEquals(String.format(Locale.ROOT, "%.9f", ns / 1e9), seconds(ns), "ns " + ns);
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 1_000_000; i++) {
            long ns = random.nextLong(1L << (1 + random.nextInt(56)));
            assertEquals(String.format(Locale.ROOT, "%.9f", ns / 1e9), seconds(ns), "ns " + ns);
        }
    }
}
