package io.shmemtrace.bin2txt;

import io.shmemtrace.cli.AsciiBuffer;

/**
 * A column of times in ns written as decimals: the digits above the last eight change once in 0.1 s, so they
 * are rendered once and kept (one store), and only the last eight are computed per row. Else as
 * {@link AsciiBuffer#dec}.
 */
final class TimeDigits {
    private static final long E16 = AsciiBuffer.E8 * AsciiBuffer.E8;

    /** Values in [base, base + 10^8) begin with the prefixLength digits in prefix (little-endian ASCII): "1" first. */
    private long base = AsciiBuffer.E8;
    private long prefix = '1';
    private int prefixLength = 1;
    private final byte[] scratch = new byte[16];

    /** v as a signed decimal; may write up to 3 bytes past the end it returns (as AsciiBuffer's encoders). */
    int write(byte[] b, int at, long v) {
        long offset = v - base;
        if (offset >= 0 && offset < AsciiBuffer.E8) {
            AsciiBuffer.LONGS.set(b, at, prefix);
            return AsciiBuffer.eight(b, at + prefixLength, (int) offset);
        }
        if (v < AsciiBuffer.E8 || v >= E16) return AsciiBuffer.dec(b, at, v);
        long high = v / AsciiBuffer.E8; // once per 0.1 s of the column
        base = high * AsciiBuffer.E8;
        prefixLength = AsciiBuffer.upTo8(scratch, 0, (int) high);
        prefix = (long) AsciiBuffer.LONGS.get(scratch, 0) & (-1L >>> ((8 - prefixLength) << 3));
        return write(b, at, v);
    }
}
