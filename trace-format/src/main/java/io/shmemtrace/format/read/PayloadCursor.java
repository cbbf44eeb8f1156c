package io.shmemtrace.format.read;

import net.openhft.chronicle.bytes.BytesStore;

/**
 * Reads the varints of an event payload, never past a limit. The payload is copied out of the mapping in one
 * bulk read first: decoding from a Java array is several times faster than a bounds-checked store read per byte.
 */
final class PayloadCursor {
    /** Thrown when an event runs past the bytes available (cut short, or damaged). */
    static final class Overrun extends Exception {
        Overrun() {
            super(null, null, false, false);
        }
    }

    private static final Overrun OVERRUN = new Overrun();

    private byte[] bytes = new byte[0];
    /** Store offset of bytes[0]. */
    private long base;
    /** Store offset of the next byte. */
    long position;
    private long limit;

    void reset(BytesStore<?, ?> store, long position, long limit) {
        int length = (int) (limit - position);
        if (bytes.length < length) bytes = new byte[length];
        store.read(position, bytes, 0, length);
        this.base = position;
        this.position = position;
        this.limit = limit;
    }

    boolean atEnd() {
        return position >= limit;
    }

    int peek() {
        return bytes[(int) (position - base)] & 0xFF;
    }

    long uvar() throws Overrun {
        long v = 0;
        int i = (int) (position - base);
        int end = (int) (limit - base);
        for (int shift = 0; shift < 70; shift += 7) {
            if (i >= end) throw OVERRUN;
            int b = bytes[i++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                position = base + i;
                return v;
            }
        }
        throw OVERRUN;
    }

    long svar() throws Overrun {
        long v = uvar();
        return (v >>> 1) ^ -(v & 1);
    }
}
