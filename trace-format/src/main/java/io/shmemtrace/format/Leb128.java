package io.shmemtrace.format;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** uvar/svar codecs of FORMAT.md ("Encodings") over plain byte arrays, for the small metadata parts. */
public final class Leb128 {
    private Leb128() {}

    public static void writeUnsigned(ByteArrayOutputStream out, long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }

    /** Writes v as a uvar into buf at pos; returns the position after it. buf needs up to 10 bytes free. */
    public static int putUnsigned(byte[] buf, int pos, long v) {
        while ((v & ~0x7FL) != 0) {
            buf[pos++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[pos++] = (byte) v;
        return pos;
    }

    public static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    public static long unzigzag(long v) {
        return (v >>> 1) ^ -(v & 1);
    }

    /** Sequential reader of a byte array; throws IllegalArgumentException when the bytes run out. */
    public static final class Reader {
        private final byte[] bytes;
        private int pos;

        public Reader(byte[] bytes) {
            this.bytes = bytes;
        }

        public int u8() {
            if (pos >= bytes.length) {
                throw new IllegalArgumentException("ends at byte " + pos + " inside an entry");
            }
            return bytes[pos++] & 0xFF;
        }

        public long unsigned() {
            long v = 0;
            for (int shift = 0; shift < 70; shift += 7) {
                int b = u8();
                v |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    return v;
                }
            }
            throw new IllegalArgumentException("varint longer than 10 bytes at byte " + pos);
        }

        public String string() {
            long len = unsigned();
            if (len > bytes.length - pos) {
                throw new IllegalArgumentException("string of " + len + " bytes runs past the end at byte " + pos);
            }
            String s = new String(bytes, pos, (int) len, StandardCharsets.UTF_8);
            pos += (int) len;
            return s;
        }
    }
}
