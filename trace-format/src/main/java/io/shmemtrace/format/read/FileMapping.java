package io.shmemtrace.format.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * Read-only mappings of a trace file. Blocks are mapped in windows of whole blocks (about 1 GiB each, made on
 * first use and kept until close), so a file of any size and any block size costs a handful of mappings
 * instead of one per block. Decoding copies a block's payload out in one bulk read (PayloadCursor): faster than
 * any per-byte reader over the mapping, Chronicle Bytes' included, which is why the reader needs no more than
 * NIO buffers.
 */
final class FileMapping implements AutoCloseable {
    private static final long WINDOW_TARGET = 1L << 30;

    /** One mapped range (little-endian) and where it starts in the file. */
    record Region(ByteBuffer buffer, long fileOffset) {}

    private final FileChannel channel;
    private final long size;
    private final List<Region> all = new ArrayList<>();
    private long firstBlock;
    private long windowBytes;
    private Region[] windows = new Region[0];

    FileMapping(FileChannel channel, long size) {
        this.channel = channel;
        this.size = size;
    }

    /** Maps [offset, offset + length) of the file, clipped to its end. */
    Region map(long offset, long length) throws IOException {
        long n = Math.max(0, Math.min(length, size - offset));
        ByteBuffer buffer = channel.map(FileChannel.MapMode.READ_ONLY, offset, n).order(ByteOrder.LITTLE_ENDIAN);
        Region r = new Region(buffer, offset);
        all.add(r);
        return r;
    }

    /** Sets where blocks start and how big they are; windows hold whole blocks. */
    void blocks(long firstBlockOffset, int blockSize) {
        this.firstBlock = firstBlockOffset;
        this.windowBytes = Math.max(1, WINDOW_TARGET / blockSize) * blockSize;
        long blockBytes = Math.max(0, size - firstBlockOffset);
        this.windows = new Region[(int) ((blockBytes + windowBytes - 1) / windowBytes)];
    }

    /** The window that holds the block starting at this file offset. */
    Region windowOf(long blockOffset) throws IOException {
        int w = (int) ((blockOffset - firstBlock) / windowBytes);
        if (windows[w] == null) {
            windows[w] = map(firstBlock + w * windowBytes, windowBytes);
        }
        return windows[w];
    }

    /** Maps every window now and closes the file: the mappings stay valid without it. */
    void detach() throws IOException {
        for (int w = 0; w < windows.length; w++) {
            if (windows[w] == null) windows[w] = map(firstBlock + w * windowBytes, windowBytes);
        }
        channel.close();
    }

    @Override
    public void close() throws IOException {
        all.clear(); // the mappings go with the buffers

        channel.close();
    }
}
