package io.shmemtrace.format.testing;

import io.shmemtrace.format.Layout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** For the mutation tests: damage made to look sealed, so that garbage gets past the CRCs into the decoders. */
public final class Checksums {
    private Checksums() {}

    /** Recomputes the header, event-table and sealed-block CRCs where the (damaged) header lets us find them. */
    public static void fix(byte[] bytes) {
        if (bytes.length < Layout.HEADER_SIZE) return;
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        long tableOffset = Integer.toUnsignedLong(b.getInt(Layout.H_TABLE_OFFSET));
        long tableLength = Integer.toUnsignedLong(b.getInt(Layout.H_TABLE_LENGTH));
        if (tableOffset + tableLength <= bytes.length) {
            b.putInt(Layout.H_TABLE_CRC, Layout.crc32c(bytes, (int) tableOffset, (int) tableLength));
        }
        b.putInt(Layout.H_HEADER_CRC, Layout.crc32c(bytes, 0, Layout.H_CRC_COVERS));
        long first = Integer.toUnsignedLong(b.getInt(Layout.H_FIRST_BLOCK));
        long size = Integer.toUnsignedLong(b.getInt(Layout.H_BLOCK_SIZE));
        if (size < Layout.PAGE || first < Layout.HEADER_SIZE) return;
        for (long at = first; at + Layout.BLOCK_HEADER <= bytes.length; at += size) {
            int length = b.getInt((int) at + Layout.B_LENGTH);
            if (length >= 0 && at + Layout.BLOCK_HEADER + length <= bytes.length) {
                b.putInt((int) at + Layout.B_CRC, Layout.crc32c(bytes, (int) at + Layout.BLOCK_HEADER, length));
            }
        }
    }
}
