package io.shmemtrace.openshmem;

import java.nio.ByteBuffer;

/** Untyped symmetric memory, moved to and from ByteBuffers (shmem_putmem / shmem_getmem). */
public final class SymmetricBytes extends Symmetric {
    SymmetricBytes(Pe pe, long address, int length) {
        super(pe, address, length, 1);
    }

    /** Puts src's remaining bytes at offset on targetPe; src's position moves past them. */
    public void put(long offset, ByteBuffer src, int targetPe) {
        int n = src.remaining();
        long dest = at(offset, n, targetPe);
        if (src.isDirect()) {
            Native.putBytes(dest, src, null, src.position(), n, targetPe);
        } else {
            Native.putBytes(dest, null, src.array(), src.arrayOffset() + src.position(), n, targetPe);
        }
        src.position(src.position() + n);
    }

    /** Fills dest's remaining bytes from offset on sourcePe; dest's position moves past them. */
    public void get(long offset, ByteBuffer dest, int sourcePe) {
        if (dest.isReadOnly()) throw new IllegalArgumentException("get into a read-only buffer");
        int n = dest.remaining();
        long src = at(offset, n, sourcePe);
        if (dest.isDirect()) {
            Native.getBytes(src, dest, null, dest.position(), n, sourcePe);
        } else {
            Native.getBytes(src, null, dest.array(), dest.arrayOffset() + dest.position(), n, sourcePe);
        }
        dest.position(dest.position() + n);
    }
}
