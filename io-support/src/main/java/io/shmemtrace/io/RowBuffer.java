package io.shmemtrace.io;

import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Rows of bytes written straight into one 64 KiB buffer, flushed to the output when full: ASCII text with numbers
 * written without a String each (shmembin2txt's CSV rows, shmem2otf2's definition lines) or binary records
 * (shmem2otf2's events). A writer reserves room for a whole row, encodes with the static methods keeping its
 * position in a local (no field traffic, no room check per field), and commits.
 */
public final class RowBuffer {
    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    private int n;

    public RowBuffer(OutputStream out) {
        this.out = out;
    }

    /**
     * Room for len more bytes (a whole row, at most the buffer): returns the index in {@link #array()} where
     * they go. The writer encodes with the static methods, keeping the position in a local, then commits.
     */
    public int reserve(int len) {
        if (n + len > buf.length) flush();
        return n;
    }

    public void commit(int end) {
        n = end;
    }

    public byte[] array() {
        return buf;
    }

    public RowBuffer bytes(byte[] b) {
        if (b.length > buf.length) {
            flush();
            write(b, b.length);
            return this;
        }
        n = bytes(buf, reserve(b.length), b);
        return this;
    }

    public static int bytes(byte[] b, int at, byte[] src) {
        System.arraycopy(src, 0, b, at, src.length);
        return at + src.length;
    }

    /** v as a signed decimal (at most 20 bytes; may write up to 3 past the end returned). */
    public static int dec(byte[] b, int at, long v) {
        if (v < 0) {
            if (v == Long.MIN_VALUE) return bytes(b, at, Long.toString(v).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            b[at++] = '-';
            v = -v;
        }
        return unsignedDec(b, at, v);
    }

    /**
     * v as an unsigned 64-bit decimal (at most 20 bytes). Four digits at a time from a table of "0000" to
     * "9999" (40 KB, cache-resident while rows are written), each group one int store; the leading group's
     * zeros are shifted out. May write up to 3 bytes past the end it returns (a writer reserves a whole row).
     */
    public static int unsignedDec(byte[] b, int at, long v) {
        if (v < 0) return bytes(b, at, Long.toUnsignedString(v).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        if (v < E4) return leading(b, at, (int) v);
        if (v < E8) return upTo8(b, at, (int) v);
        long high = divE8(v);
        if (high < E8) {
            at = upTo8(b, at, (int) high);
        } else {
            long top = divE8(high);
            at = upTo8(b, at, (int) top); // v < 2^63: top < 10^4
            at = eight(b, at, (int) (high - top * E8));
        }
        return eight(b, at, (int) (v - high * E8));
    }

    /**
     * v / 10^8 (v >= 0) through a double multiply, off by at most one and corrected: C2 leaves a long division
     * by a constant a divide (tens of cycles; profiled at half of a CSV row's time), where an int one becomes a multiply.
     */
    private static long divE8(long v) {
        long q = (long) (v * 1e-8);
        long r = v - q * E8;
        if (r < 0) return q - 1;
        return r >= E8 ? q + 1 : q;
    }

    private static final int E4 = 10_000;
    public static final long E8 = 100_000_000L;
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    /** Little-endian longs of a byte array: eight ASCII bytes in one store. */
    public static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** i (0 <= i < 10^4) as four ASCII digits, the first in the lowest byte, and the count without leading zeros. */
    private static final int[] QUADS = new int[E4];
    private static final byte[] LENGTHS = new byte[E4];

    static {
        for (int i = 0; i < E4; i++) {
            QUADS[i] = ('0' + i / 1000) | ('0' + i / 100 % 10) << 8 | ('0' + i / 10 % 10) << 16 | ('0' + i % 10) << 24;
            LENGTHS[i] = (byte) (i >= 1000 ? 4 : i >= 100 ? 3 : i >= 10 ? 2 : 1);
        }
    }

    /** v (0 <= v < 10^4) with no leading zeros. */
    private static int leading(byte[] b, int at, int v) {
        int length = LENGTHS[v];
        INTS.set(b, at, QUADS[v] >>> ((4 - length) << 3));
        return at + length;
    }

    /** v (0 <= v < 10^4) as exactly four digits. */
    private static int four(byte[] b, int at, int v) {
        INTS.set(b, at, QUADS[v]);
        return at + 4;
    }

    /** v (0 <= v < 10^8) with no leading zeros. */
    public static int upTo8(byte[] b, int at, int v) {
        if (v < E4) return leading(b, at, v);
        int high = v / E4;
        return four(b, leading(b, at, high), v - high * E4);
    }

    /** v (0 <= v < 10^8) as exactly eight digits. */
    public static int eight(byte[] b, int at, int v) {
        int high = v / E4;
        return four(b, four(b, at, high), v - high * E4);
    }

    private static final long ZEROS = 0x3030_3030_3030_3030L;

    /** 0x and lower-case hex, as Long.toHexString (at most 18 bytes; may write up to 7 past the end returned). */
    public static int hex(byte[] b, int at, long v) {
        b[at++] = '0';
        b[at++] = 'x';
        int digits = Math.max(1, (64 - Long.numberOfLeadingZeros(v) + 3) >>> 2);
        if (digits <= 8) {
            LONGS.set(b, at, hexDigits((int) v) >>> ((8 - digits) << 3));
            return at + digits;
        }
        LONGS.set(b, at, hexDigits((int) (v >>> 32)) >>> ((16 - digits) << 3));
        at += digits - 8;
        LONGS.set(b, at, hexDigits((int) v));
        return at + 8;
    }

    /** The eight hex digits of v in ASCII, the most significant in the lowest byte: nibbles spread to bytes. */
    private static long hexDigits(int v) {
        long x = v & 0xFFFF_FFFFL;
        x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFFL;
        x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FFL;
        x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0FL;
        x = Long.reverseBytes(x);
        long letters = ((x + 0x0606_0606_0606_0606L) >>> 4) & 0x0101_0101_0101_0101L; // 1 where the nibble is >= 10
        return x + ZEROS + letters * ('a' - '0' - 10);
    }

    public void flush() {
        write(buf, n);
        n = 0;
    }

    private void write(byte[] b, int len) {
        if (len == 0) return;
        try {
            out.write(b, 0, len);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
