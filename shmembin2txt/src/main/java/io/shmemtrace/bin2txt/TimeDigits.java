package io.shmemtrace.bin2txt;

import io.shmemtrace.io.RowBuffer;

/**
 * A column of times in ns written as decimals: the digits above the last eight change once in 0.1 s, so they
 * are rendered once and kept (one store), and only the last eight are computed per row. Else as
 * {@link RowBuffer#dec}.
 */
final class TimeDigits {
    private static final long E16 = RowBuffer.E8 * RowBuffer.E8;

    /** Values in [base, base + 10^8) begin with the prefixLength digits in prefix (little-endian ASCII): "1" first. */
    private long base = RowBuffer.E8;
    private long prefix = '1';
    private int prefixLength = 1;
    private final byte[] scratch = new byte[16];

    /** v as a signed decimal; may write up to 3 bytes past the end it returns (as RowBuffer's encoders). */
    int write(byte[] b, int at, long v) {
        long offset = v - base;
        if (offset >= 0 && offset < RowBuffer.E8) {
            RowBuffer.LONGS.set(b, at, prefix);
            return RowBuffer.eight(b, at + prefixLength, (int) offset);
        }
        if (v < RowBuffer.E8 || v >= E16) return RowBuffer.dec(b, at, v);
        long high = v / RowBuffer.E8; // once per 0.1 s of the column
        base = high * RowBuffer.E8;
        prefixLength = RowBuffer.upTo8(scratch, 0, (int) high);
        prefix = (long) RowBuffer.LONGS.get(scratch, 0) & (-1L >>> ((8 - prefixLength) << 3));
        return write(b, at, v);
    }
}
