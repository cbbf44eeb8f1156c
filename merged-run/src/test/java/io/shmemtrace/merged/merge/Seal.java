package io.shmemtrace.merged.merge;

import static io.shmemtrace.merged.format.MergedLayout.*;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/** For the damage tests: a merged file's checksums recomputed after its bytes were changed, so the damage gets past them. */
final class Seal {
    private Seal() {}

    /** Recomputes what the (possibly damaged) header and index let us find: tasks, tables, index, header. */
    static void fix(byte[] bytes) {
        if (bytes.length < HEADER_SIZE) return;
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        long tasks = Integer.toUnsignedLong(b.getInt(H_TASKS));
        long indexEnd = indexOffset(0) + (tasks + 1) * INDEX_ENTRY;
        if (tasks < 1 << 20 && indexEnd <= bytes.length) {
            long tables = b.getLong((int) indexOffset((int) tasks) + I_OFFSET);
            for (int t = 0; t < tasks; t++) {
                int at = (int) indexOffset(t);
                long from = b.getLong(at + I_OFFSET);
                long to = t + 1 < tasks ? b.getLong(at + INDEX_ENTRY + I_OFFSET) : tables;
                if (from >= 0 && from <= to && to <= bytes.length) b.putInt(at + I_CRC, crc(bytes, from, to));
            }
            if (tables >= 0 && tables <= bytes.length) b.putInt(H_TABLES_CRC, crc(bytes, tables, bytes.length));
            b.putInt(H_INDEX_CRC, crc(bytes, HEADER_SIZE, indexEnd));
        }
        b.putInt(H_HEADER_CRC, crc(bytes, 0, H_HEADER_CRC));
    }

    private static int crc(byte[] bytes, long from, long to) {
        CRC32C c = new CRC32C();
        c.update(bytes, (int) from, (int) (to - from));
        return (int) c.getValue();
    }
}
