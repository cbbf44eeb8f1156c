package io.shmemtrace.psins.merge;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The merged file as it is written: records stream through one direct buffer, and fields that are known only
 * later (a put's completion, a lock's partner) are patched in place, in the buffer while they are still in it,
 * else in the file.
 */
final class MergedOutput implements AutoCloseable {
    private static final int BUFFER = 4 << 20;

    private final FileChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER).order(ByteOrder.LITTLE_ENDIAN);
    private final ByteBuffer patch = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
    /** File offset of buffer[0]. */
    private long flushed;

    MergedOutput(Path file, long start) throws IOException {
        this.channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        this.flushed = start;
    }

    /** The buffer to put the next record into, with room for at least bytes more. */
    ByteBuffer room(int bytes) throws IOException {
        if (buffer.remaining() < bytes) flush();
        return buffer;
    }

    /** Appends bytes [0, length) of a record; returns the file offset of its first byte. */
    long append(byte[] record, int length) throws IOException {
        if (buffer.remaining() < length) flush();
        long at = position();
        buffer.put(record, 0, length);
        return at;
    }

    /** File offset of the next byte written. */
    long position() {
        return flushed + buffer.position();
    }

    /** Sets a u16 written earlier (a forward link), in the buffer while it is still there, else in the file. */
    void patchShort(long fileOffset, int value) throws IOException {
        if (fileOffset >= flushed) {
            buffer.putShort((int) (fileOffset - flushed), (short) value);
        } else {
            patch.clear();
            patch.putShort((short) value).flip();
            writeAt(patch, fileOffset);
        }
    }

    /** Writes bytes at an absolute offset, outside the record stream (header, index). */
    void writeAt(ByteBuffer bytes, long fileOffset) throws IOException {
        while (bytes.hasRemaining()) {
            fileOffset += channel.write(bytes, fileOffset);
        }
    }

    void flush() throws IOException {
        buffer.flip();
        writeAt(buffer, flushed);
        flushed += buffer.limit();
        buffer.clear();
    }

    @Override
    public void close() throws IOException {
        try {
            flush();
        } finally {
            channel.close();
        }
    }
}
