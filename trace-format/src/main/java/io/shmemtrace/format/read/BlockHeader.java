package io.shmemtrace.format.read;

import static io.shmemtrace.format.Layout.*;

import java.nio.ByteBuffer;

/**
 * A block header as found in the file (FORMAT.md, "Blocks"), plus where the block is and how many of its
 * bytes the file holds. length, count and crc mean something only when sealed.
 */
public record BlockHeader(int index, long offset, long available, int thread, boolean sealed, long length,
                          long count, int crc, long threadBlock, long firstSeq, long baseTime, long openTicks,
                          long openMonoNs) {

    /** Reads the header at offset `at` of a mapped window. */
    static BlockHeader read(ByteBuffer s, int at, int index, long fileOffset, long available) {
        return new BlockHeader(index, fileOffset, available, s.getShort(at + B_THREAD) & 0xFFFF,
                (s.getShort(at + B_FLAGS) & BLOCK_SEALED) != 0, s.getInt(at + B_LENGTH) & 0xFFFFFFFFL,
                s.getInt(at + B_COUNT) & 0xFFFFFFFFL, s.getInt(at + B_CRC), s.getInt(at + B_THREAD_BLOCK) & 0xFFFFFFFFL,
                s.getLong(at + B_FIRST_SEQ), s.getLong(at + B_BASE_TIME), s.getLong(at + B_OPEN_TICKS),
                s.getLong(at + B_OPEN_MONO));
    }

    /** Whether the file holds the whole block. */
    boolean whole(int blockSize) {
        return available >= blockSize;
    }
}
