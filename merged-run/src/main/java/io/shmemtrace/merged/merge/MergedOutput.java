package io.shmemtrace.merged.merge;

import io.shmemtrace.io.IoErrors;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The merged file as it is written: records are encoded straight into one array (reserve, write, commit), and
 * fields that are known only later (forward links) are patched in place, in the array while they are still
 * in it, else in the file.
 */
final class MergedOutput implements AutoCloseable {
    private static final int BUFFER = 4 << 20;

    private final FileChannel channel;
    /** The records not yet written: buf[0, pos). Writers encode into it after {@link #reserve}. */
    final byte[] buf = new byte[BUFFER];
    private int pos;
    private final ByteBuffer patch = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
    /** File offset of buf[0]. */
    private long flushed;

    /** What a failure names: the file being written (a full disk says no more than "No space left on device"). */
    private final Path target;

    /** file: where the bytes go; target: the name messages give it (the output it will be renamed to). */
    MergedOutput(Path file, Path target, long start) throws IOException {
        this.target = target;
        try {
            // READ too: the tasks and tables are read back for their checksums once written
            this.channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                    StandardOpenOption.READ);
        } catch (IOException e) {
            throw failed(e);
        }
        this.flushed = start;
    }

    private IOException failed(IOException e) {
        return IoErrors.cannotWrite(target, e);
    }

    /** Makes room for bytes more; returns the index in buf where they go. */
    int reserve(int bytes) throws IOException {
        if (BUFFER - pos < bytes) flush();
        return pos;
    }

    /** The bytes up to index end of buf are written. */
    void commit(int end) {
        pos = end;
    }

    /** File offset of index i of buf. */
    long fileOffset(int i) {
        return flushed + i;
    }

    /** File offset of the next byte written. */
    long position() {
        return flushed + pos;
    }

    /** Appends bytes [0, length) of a record. */
    void append(byte[] record, int length) throws IOException {
        int at = reserve(length);
        System.arraycopy(record, 0, buf, at, length);
        pos = at + length;
    }

    /** Sets a u16 written earlier (a forward link), in buf while it is still there, else in the file. */
    void patchShort(long fileOffset, int value) throws IOException {
        if (fileOffset >= flushed) {
            int i = (int) (fileOffset - flushed);
            buf[i] = (byte) value;
            buf[i + 1] = (byte) (value >>> 8);
        } else {
            patch.clear();
            patch.putShort((short) value).flip();
            writeAt(patch, fileOffset);
        }
    }

    /** Writes bytes at an absolute offset, outside the record stream (header, index). */
    void writeAt(ByteBuffer bytes, long fileOffset) throws IOException {
        try {
            while (bytes.hasRemaining()) {
                fileOffset += channel.write(bytes, fileOffset);
            }
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /** CRC-32C of file bytes [from, to), once they are flushed. */
    int crc(long from, long to) throws IOException {
        try {
            return io.shmemtrace.merged.format.MergedLayout.crc(channel, from, to);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    void flush() throws IOException {
        writeAt(ByteBuffer.wrap(buf, 0, pos), flushed);
        flushed += pos;
        pos = 0;
    }

    @Override
    public void close() throws IOException {
        try {
            flush();
        } finally {
            try {
                channel.close();
            } catch (IOException e) {
                throw failed(e);
            }
        }
    }
}
