package io.shmemtrace.format.read;

import net.openhft.chronicle.bytes.BytesStore;

/** Reads the varints of an event payload from a Chronicle BytesStore, never past a limit. */
final class PayloadCursor {
    /** Thrown when an event runs past the bytes available (cut short, or damaged). */
    static final class Overrun extends Exception {
        Overrun() {
            super(null, null, false, false);
        }
    }

    private static final Overrun OVERRUN = new Overrun();

    private BytesStore<?, ?> store;
    long position;
    private long limit;

    void reset(BytesStore<?, ?> store, long position, long limit) {
        this.store = store;
        this.position = position;
        this.limit = limit;
    }

    boolean atEnd() {
        return position >= limit;
    }

    int peek() {
        return store.readUnsignedByte(position);
    }

    long uvar() throws Overrun {
        long v = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            if (position >= limit) throw OVERRUN;
            int b = store.readUnsignedByte(position++);
            v |= (long) (b & 0x7F) << shift;
            if (b < 0x80) return v;
        }
        throw OVERRUN;
    }

    long svar() throws Overrun {
        long v = uvar();
        return (v >>> 1) ^ -(v & 1);
    }
}
