package io.shmemtrace.bin2txt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The page's coordinates against the JDK's own %.2f. */
class TwoDecimalsTest {
    private static void same(double x) {
        assertEquals(String.format(Locale.ROOT, "%.2f", x), TwoDecimals.append(new StringBuilder(), x).toString(),
                Double.toString(x));
    }

    @Test
    void asTheFormatter() {
        for (double x : new double[] {0, 0.5, 0.001, 0.004999, 0.005, 0.125, 1.005, 2.675, 9.995, 99.995, 999.999,
            1199.995, 9_999_999.995, 1e7, 1.5e7, -0.5, -1.005, Double.NaN, Double.POSITIVE_INFINITY, 1e-4}) {
            same(x);
        }
        SplittableRandom r = new SplittableRandom(11);
        for (int i = 0; i < 300_000; i++) {
            same(r.nextDouble() * 1200); // a box's x and width
            same(r.nextInt(120_000) / 100.0 + r.nextInt(10) * 0.005); // decimal halves, the rounding's edge
            same(r.nextLong(1, 1_000_000_000L) * (1200.0 / r.nextLong(1, 2_000_000_000L))); // ns times a scale
            same(r.nextDouble() * Math.pow(10, r.nextInt(-4, 8)));
        }
    }
}
