package io.shmemtrace.format.read;

import static io.shmemtrace.format.Layout.*;

import net.openhft.chronicle.bytes.BytesStore;

/**
 * A block header as found in the file (FORMAT.md, "Blocks"), plus where the block is and how many of its
 * bytes the file holds. length, count and crc mean something only when sealed.
 */
public record BlockHeader(int index, long offset, long available, int thread, boolean sealed, long length,
                          long count, int crc, long threadBlock, long firstSeq, long baseTime, long openTicks,
                          long openMonoNs) {

    /** Reads the header at offset `at` of a mapped window. */
    static BlockHeader read(BytesStore<?, ?> s, long at, int index, long fileOffset, long available) {
        return new BlockHeader(index, fileOffset, available, s.readUnsignedShort(at + B_THREAD),
                (s.readUnsignedShort(at + B_FLAGS) & BLOCK_SEALED) != 0, s.readUnsignedInt(at + B_LENGTH),
                s.readUnsignedInt(at + B_COUNT), s.readInt(at + B_CRC), s.readUnsignedInt(at + B_THREAD_BLOCK),
                s.readLong(at + B_FIRST_SEQ), s.readLong(at + B_BASE_TIME), s.readLong(at + B_OPEN_TICKS),
                s.readLong(at + B_OPEN_MONO));
    }

    /** Whether the file holds the whole block. */
    boolean whole(int blockSize) {
        return available >= blockSize;
    }
}
