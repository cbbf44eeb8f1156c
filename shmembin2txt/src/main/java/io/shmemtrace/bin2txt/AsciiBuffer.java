package io.shmemtrace.bin2txt;

import java.io.OutputStream;
import java.io.PrintStream;

/**
 * Text written as ASCII bytes straight into one buffer, numbers without a String each, flushed to the output
 * in 64 KiB writes: what lets a report print 10 M rows a second.
 */
final class AsciiBuffer {
    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    private int n;

    AsciiBuffer(PrintStream out) {
        this.out = out;
    }

    /** Room for at least len more bytes. */
    private void room(int len) {
        if (n + len > buf.length) flush();
    }

    AsciiBuffer bytes(byte[] b) {
        if (b.length > buf.length) {
            flush();
            write(b, b.length);
            return this;
        }
        room(b.length);
        System.arraycopy(b, 0, buf, n, b.length);
        n += b.length;
        return this;
    }

    AsciiBuffer ch(char c) {
        room(1);
        buf[n++] = (byte) c;
        return this;
    }

    AsciiBuffer dec(long v) {
        room(20);
        if (v < 0) {
            if (v == Long.MIN_VALUE) return bytes(Long.toString(v).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            buf[n++] = '-';
            v = -v;
        }
        return unsignedDec(v);
    }

    /**
     * v as an unsigned 64-bit decimal. Digits come from int arithmetic in groups of nine: the JIT turns an int
     * division by a constant into a multiplication, while a long division stays a slow divide.
     */
    AsciiBuffer unsignedDec(long v) {
        room(20);
        if (v < 0) return bytes(Long.toUnsignedString(v).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        if (v < BILLION) {
            n = digits(buf, n, (int) v);
            return this;
        }
        long high = v / BILLION;
        int low = (int) (v - high * BILLION);
        if (high < BILLION) {
            n = digits(buf, n, (int) high);
        } else {
            n = digits(buf, n, (int) (high / BILLION));
            n = nineDigits(buf, n, (int) (high % BILLION));
        }
        n = nineDigits(buf, n, low);
        return this;
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

    /** 0x and lower-case hex, as Long.toHexString. */
    AsciiBuffer hex(long v) {
        room(18);
        buf[n++] = '0';
        buf[n++] = 'x';
        int digits = Math.max(1, (64 - Long.numberOfLeadingZeros(v) + 3) / 4);
        for (int i = digits - 1; i >= 0; i--) buf[n++] = HEX[(int) (v >>> (4 * i)) & 0xF];
        return this;
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
