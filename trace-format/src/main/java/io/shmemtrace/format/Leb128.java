package io.shmemtrace.format;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** The uvar/svar codec of FORMAT.md ("Encodings"): the one encoder and the one decoder of every varint. */
public final class Leb128 {
    private Leb128() {}

    /** Writes v as a uvar into buf at pos; returns the position after it. buf needs up to 10 bytes free. */
    public static int putUnsigned(byte[] buf, int pos, long v) {
        if ((v & ~0x7FL) == 0) { // most values of a trace take one or two bytes: no loop for them
            buf[pos] = (byte) v;
            return pos + 1;
        }
        if ((v & ~0x3FFFL) == 0) {
            buf[pos] = (byte) (v | 0x80);
            buf[pos + 1] = (byte) (v >>> 7);
            return pos + 2;
        }
        while ((v & ~0x7FL) != 0) {
            buf[pos++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[pos++] = (byte) v;
        return pos;
    }

    public static void writeUnsigned(ByteArrayOutputStream out, long v) {
        byte[] buf = new byte[Layout.MAX_VARINT];
        out.write(buf, 0, putUnsigned(buf, 0, v));
    }

    public static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    public static long unzigzag(long v) {
        return (v >>> 1) ^ -(v & 1);
    }

    /** The bytes ran out inside a value. Thrown without a stack trace: the hot decoder sees it on every cut block. */
    public static final class Overrun extends Exception {
        private static final Overrun INSTANCE = new Overrun();

        private Overrun() {
            super("varint runs past the end", null, false, false);
        }
    }

    /** Reads a byte array from a position up to a limit, never past it. */
    public static class Cursor {
        protected byte[] bytes;
        protected int pos;
        protected int end;

        public Cursor(byte[] bytes) {
            this.bytes = bytes;
            this.end = bytes.length;
        }

        /** Position of the next byte in the array. */
        public final int offset() {
            return pos;
        }

        public final int remaining() {
            return end - pos;
        }

        public final int u8() throws Overrun {
            if (pos >= end) throw Overrun.INSTANCE;
            return bytes[pos++] & 0xFF;
        }

        public final long uvar() throws Overrun {
            int i = pos;
            if (i < end && bytes[i] >= 0) { // most values of a trace take one byte: no loop for them
                pos = i + 1;
                return bytes[i];
            }
            long v = 0;
            for (int shift = 0; shift < 70; shift += 7) {
                if (i >= end) throw Overrun.INSTANCE;
                int b = bytes[i++];
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    pos = i;
                    return v;
                }
            }
            throw Overrun.INSTANCE;
        }

        public final long svar() throws Overrun {
            return unzigzag(uvar());
        }

        /** A uvar length, then that many bytes of UTF-8. */
        public final String string() throws Overrun {
            long len = uvar();
            if (Long.compareUnsigned(len, end - pos) > 0) throw Overrun.INSTANCE; // a damaged length may pass 2^63
            String s = new String(bytes, pos, (int) len, StandardCharsets.UTF_8);
            pos += (int) len;
            return s;
        }

        /** Moves past n bytes. */
        public final void skip(long n) throws Overrun {
            if (Long.compareUnsigned(n, end - pos) > 0) throw Overrun.INSTANCE;
            pos += (int) n;
        }
    }
}
