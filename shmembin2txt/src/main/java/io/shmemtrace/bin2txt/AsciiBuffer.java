package io.shmemtrace.bin2txt;

import java.io.OutputStream;
import java.io.PrintStream;

/**
 * Text written as ASCII bytes straight into one 64 KiB buffer, numbers without a String each, flushed to the
 * output when full. A writer reserves room for a whole row, encodes with the static methods keeping its
 * position in a local (no field traffic, no room check per field), and commits.
 */
final class AsciiBuffer {
    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
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

    /** v as a signed decimal (at most 20 bytes). */
    static int dec(byte[] b, int at, long v) {
        if (v < 0) {
            if (v == Long.MIN_VALUE) return bytes(b, at, Long.toString(v).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            b[at++] = '-';
            v = -v;
        }
        return unsignedDec(b, at, v);
    }

    /**
     * v as an unsigned 64-bit decimal (at most 20 bytes). Digits come from int arithmetic in groups of nine:
     * the JIT turns an int division by a constant into a multiplication, while a long division stays a divide.
     * Sizes and times are mostly below 10^18: one split, no long division.
     */
    static int unsignedDec(byte[] b, int at, long v) {
        if (v < 0) return bytes(b, at, Long.toUnsignedString(v).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        if (v < BILLION) return digits(b, at, (int) v);
        // v / 10^9 through a double multiply (off by at most one, then corrected): a long divide is ~40 cycles
        long high = (long) (v * 1e-9);
        long rest = v - high * BILLION;
        if (rest < 0) {
            high--;
            rest += BILLION;
        } else if (rest >= BILLION) {
            high++;
            rest -= BILLION;
        }
        int low = (int) rest;
        if (high < BILLION) {
            at = digits(b, at, (int) high);
        } else {
            at = digits(b, at, (int) (high / BILLION));
            at = nineDigits(b, at, (int) (high % BILLION));
        }
        return nineDigits(b, at, low);
    }

    private static final long BILLION = 1_000_000_000L;

    /** "00" to "99": two digits per division. */
    private static final byte[] PAIRS = new byte[200];

    static {
        for (int i = 0; i < 100; i++) {
            PAIRS[2 * i] = (byte) ('0' + i / 10);
            PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    /** v (0 <= v < 10^9) with no leading zeros. */
    private static int digits(byte[] b, int at, int v) {
        int count = v < 10 ? 1 : v < 100 ? 2 : v < 1_000 ? 3 : v < 10_000 ? 4 : v < 100_000 ? 5 : v < 1_000_000 ? 6
                : v < 10_000_000 ? 7 : v < 100_000_000 ? 8 : 9;
        fill(b, at + count, v, count);
        return at + count;
    }

    /** v (0 <= v < 10^9) as exactly nine digits. */
    private static int nineDigits(byte[] b, int at, int v) {
        fill(b, at + 9, v, 9);
        return at + 9;
    }

    /** The last count digits of v, ending before index end. */
    private static void fill(byte[] b, int end, int v, int count) {
        int i = end;
        for (; count >= 2; count -= 2) {
            int q = v / 100;
            int r = (v - q * 100) << 1;
            b[--i] = PAIRS[r + 1];
            b[--i] = PAIRS[r];
            v = q;
        }
        if (count == 1) b[--i] = (byte) ('0' + v);
    }

    /** 0x and lower-case hex, as Long.toHexString (at most 18 bytes). */
    static int hex(byte[] b, int at, long v) {
        b[at++] = '0';
        b[at++] = 'x';
        int digits = Math.max(1, (64 - Long.numberOfLeadingZeros(v) + 3) / 4);
        for (int i = digits - 1; i >= 0; i--) b[at++] = HEX[(int) (v >>> (4 * i)) & 0xF];
        return at;
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
