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

    /** v as an unsigned 64-bit decimal. */
    AsciiBuffer unsignedDec(long v) {
        room(20);
        if (v < 0) return bytes(Long.toUnsignedString(v).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        int digits = 1;
        for (long t = v; t >= 10; t /= 10) digits++;
        for (int i = n + digits - 1; i >= n; i--) {
            buf[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        n += digits;
        return this;
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
