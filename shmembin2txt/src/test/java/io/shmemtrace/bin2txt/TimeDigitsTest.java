package io.shmemtrace.bin2txt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The CSV's time column against the JDK's own formatting. */
class TimeDigitsTest {
    private final byte[] b = new byte[40];

    /** A time column: rows in and out of the cached 10^8 range, crossing it both ways, small and huge values. */
    @Test
    void timeDigitsAsTheJdk() {
        TimeDigits column = new TimeDigits();
        long[] values = {0, 99_999_999, 100_000_000, 123_456_789_012L, 123_456_789_013L, 123_499_999_999L,
            123_500_000_000L, 123_456_789_012L, 5, -7, 9_999_999_999_999_999L, 10_000_000_000_000_000L, Long.MAX_VALUE,
            Long.MIN_VALUE, 100_000_001, 1_000_000_000_000_000L};
        for (long v : values) {
            assertEquals(Long.toString(v), new String(b, 0, column.write(b, 0, v), StandardCharsets.US_ASCII));
        }
        SplittableRandom r = new SplittableRandom(7);
        long t = 1_000_000L;
        for (int i = 0; i < 200_000; i++) {
            t += r.nextLong(1 << r.nextInt(30));
            assertEquals(Long.toString(t), new String(b, 0, column.write(b, 0, t), StandardCharsets.US_ASCII));
        }
    }
}
