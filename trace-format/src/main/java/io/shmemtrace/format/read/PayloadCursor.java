package io.shmemtrace.format.read;

import io.shmemtrace.format.Leb128;
import java.nio.ByteBuffer;

/**
 * The varint cursor over one event payload. The payload is copied out of the mapping in one bulk read first:
 * decoding from a Java array is several times faster than a bounds-checked store read per byte.
 */
final class PayloadCursor extends Leb128.Cursor {
    /** Store offset of bytes[0]. */
    private long base;

    PayloadCursor() {
        super(new byte[0]);
    }

    void reset(ByteBuffer store, long position, long limit) {
        int length = (int) (limit - position);
        if (bytes.length < length) bytes = new byte[length];
        store.get((int) position, bytes, 0, length);
        this.base = position;
        this.pos = 0;
        this.end = length;
    }

    /** Store offset of the next byte. */
    long position() {
        return base + pos;
    }

    boolean atEnd() {
        return pos >= end;
    }

    int peek() {
        return bytes[pos] & 0xFF;
    }
}
