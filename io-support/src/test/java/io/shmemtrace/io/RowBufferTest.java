package io.shmemtrace.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The number encoders against the JDK's own formatting, at every digit-count boundary and at random. */
class RowBufferTest {
    private final byte[] b = new byte[40];

    private String dec(long v) {
        return new String(b, 0, RowBuffer.dec(b, 0, v), StandardCharsets.US_ASCII);
    }

    private String unsigned(long v) {
        return new String(b, 0, RowBuffer.unsignedDec(b, 0, v), StandardCharsets.US_ASCII);
    }

    private String hex(long v) {
        return new String(b, 0, RowBuffer.hex(b, 0, v), StandardCharsets.US_ASCII);
    }

    @Test
    void boundaries() {
        long p = 1;
        for (int digits = 1; digits <= 18; digits++, p *= 10) {
            for (long v : new long[] {p - 1, p, p + 1, 2 * p - 1}) {
                assertEquals(Long.toString(v), dec(v));
                assertEquals(Long.toString(-v), dec(-v));
            }
        }
        for (long v : new long[] {0, Long.MAX_VALUE, Long.MIN_VALUE, 999_999_999_999_999_999L, 1_000_000_000_000_000_000L}) {
            assertEquals(Long.toString(v), dec(v));
            assertEquals(Long.toUnsignedString(v), unsigned(v));
            assertEquals("0x" + Long.toHexString(v), hex(v));
        }
    }

    @Test
    void random() {
        SplittableRandom r = new SplittableRandom(42);
        for (int i = 0; i < 200_000; i++) {
            long v = r.nextLong() >> r.nextInt(64);
            assertEquals(Long.toString(v), dec(v));
            assertEquals(Long.toUnsignedString(v), unsigned(v));
            assertEquals("0x" + Long.toHexString(v), hex(v));
        }
    }
}
