package io.shmemtrace.bin2txt;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Text written as ASCII bytes straight into one 64 KiB buffer, numbers without a String each, flushed to the
 * output when full. A writer reserves room for a whole row, encodes with the static methods keeping its
 * position in a local (no field traffic, no room check per field), and commits.
 */
final class AsciiBuffer {
    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    private int n;

    AsciiBuffer(PrintStream out) {
        this.out = out;
    }

    /**
     * Room for len more bytes (a whole row, at most the buffer): returns the index in {@link #array()} where
     * they go. The writer encodes with the static methods, keeping the position in a local, then commits.
     */
    int reserve(int len) {
        if (n + len > buf.length) flush();
        return n;
    }

    void commit(int end) {
        n = end;
    }

    byte[] array() {
        return buf;
    }

    AsciiBuffer bytes(byte[] b) {
        if (b.length > buf.length) {
            flush();
            write(b, b.length);
            return this;
        }
        n = bytes(buf, reserve(b.length), b);
        return this;
    }

    static int bytes(byte[] b, int at, byte[] src) {
        System.arraycopy(src, 0, b, at, src.length);
        return at + src.length;
    }

    /** v as a signed decimal (at most 20 bytes; may write up to 7 past the end returned). */
    static int dec(byte[] b, int at, long v) {
        if (v < 0) {
            if (v == Long.MIN_VALUE) return bytes(b, at, Long.toString(v).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            b[at++] = '-';
            v = -v;
        }
        return unsignedDec(b, at, v);
    }

    /**
     * v as an unsigned 64-bit decimal (at most 20 bytes). Eight digits at a time: {@link #eightDigits} turns
     * them into one long with a few multiplies (no division, no table), stored in one write; leading zeros are
     * shifted out. May write up to 7 bytes past the end it returns (a writer reserves a whole row).
     */
    static int unsignedDec(byte[] b, int at, long v) {
        if (v < 0) return bytes(b, at, Long.toUnsignedString(v).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        if (v < 10_000) return leading4(b, at, (int) v);
        if (v < E8) return leading(b, at, (int) v);
        if (v < E16) {
            long high = v / E8; // the JIT divides by a constant with a multiply
            at = leading(b, at, (int) high);
            return eight(b, at, (int) (v - high * E8));
        }
        long top = v / E16;
        long rest = v - top * E16;
        long middle = rest / E8;
        at = leading(b, at, (int) top);
        at = eight(b, at, (int) middle);
        return eight(b, at, (int) (rest - middle * E8));
    }

    private static final long E8 = 100_000_000L;
    private static final long E16 = E8 * E8;
    private static final long ZEROS = 0x3030_3030_3030_3030L;
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** v (0 <= v < 10^8) with no leading zeros. */
    private static int leading(byte[] b, int at, int v) {
        long d = eightDigits(v);
        // leading zero digits are the low zero bytes; the last digit always stays (v = 0 prints "0")
        int zeros = Long.numberOfTrailingZeros(d | (1L << 56)) >>> 3;
        LONGS.set(b, at, (d + ZEROS) >>> (zeros << 3));
        return at + 8 - zeros;
    }

    /** v (0 <= v < 10^4) with no leading zeros: {@link #eightDigits}' last two steps in an int. */
    private static int leading4(byte[] b, int at, int v) {
        int hundreds = (v * 5243) >>> 19;
        int x = hundreds | ((v - hundreds * 100) << 16);
        int tens = ((x * 103) >>> 10) & 0x000F_000F;
        int d = tens | ((x - tens * 10) << 8);
        int zeros = Integer.numberOfTrailingZeros(d | (1 << 24)) >>> 3;
        INTS.set(b, at, (d + 0x3030_3030) >>> (zeros << 3));
        return at + 4 - zeros;
    }

    /** v (0 <= v < 10^8) as exactly eight digits. */
    private static int eight(byte[] b, int at, int v) {
        LONGS.set(b, at, eightDigits(v) + ZEROS);
        return at + 8;
    }

    /**
     * The eight decimal digits of v (0 <= v < 10^8) as values 0-9 in the bytes of a long, the most significant
     * in the lowest byte (the first written, little-endian). Lanes are split in place: 4-digit halves in 32-bit
     * lanes, then /100 into 16-bit lanes, then /10 into bytes, each division a multiply and shift that is exact
     * for the lane's range ((n * 10486) >> 20 = n / 100 for n < 10^4, (n * 103) >> 10 = n / 10 for n < 100).
     */
    private static long eightDigits(int v) {
        int high = v / 10_000;
        long x = high | ((long) (v - high * 10_000) << 32);
        long hundreds = ((x * 10486) >>> 20) & 0x0000_007F_0000_007FL;
        x = hundreds | ((x - hundreds * 100) << 16);
        long tens = ((x * 103) >>> 10) & 0x000F_000F_000F_000FL;
        return tens | ((x - tens * 10) << 8);
    }

    /** 0x and lower-case hex, as Long.toHexString (at most 18 bytes; may write up to 7 past the end returned). */
    static int hex(byte[] b, int at, long v) {
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

    void flush() {
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
