package io.shmemtrace.merged.format;

import java.nio.charset.StandardCharsets;

/** Byte offsets and sizes of the merged trace (merged-run/FORMAT.md), shared by its writer and reader. */
public final class MergedLayout {
    public static final byte[] MAGIC = "SHPS".getBytes(StandardCharsets.US_ASCII);
    /**
     * 7: PE sets by stride (teams), put_signal records with their signal word, the span of a wait on a set of
     * flags (6: the host table; 5: header, index, each task's records and the tables sealed by CRC-32C checksums (4: allocated addresses in
     * memory records; 3: the call table holds the called functions only, collectives only the fields their call has (2: varint
     * records, bursts folded into events, integer ns times; 1: fixed records, f64 seconds).
     */
    public static final int VERSION = 8;

    /** Header flag bits (FORMAT.md, "Header"). */
    public static final int FLAG_EXTENDED = 0x01;
    /** Each event record carries a call site (uvar: 0 none, else 1 + index in the site table). */
    public static final int FLAG_CALLSITES = 0x02;
    public static final int FLAG_VARINT = 0x10;
    public static final int FLAG_TABLES_AT_END = 0x20;
    public static final int FLAG_SHMEM = 0x40;
    public static final int FLAG_PARTIAL = 0x80;

    public static final int HEADER_SIZE = 128;
    public static final int H_FLAGS = 0;
    public static final int H_VERSION = 1;
    public static final int H_TASKS_U16 = 2;
    public static final int H_MAGIC = 4;
    public static final int H_TASKS = 8;
    public static final int H_MISSING = 12;
    public static final int H_BASE_REAL_NS = 16;
    public static final int H_ALIGNMENT = 24;
    public static final int H_BARRIER_SPREAD_NS = 32;
    public static final int H_TABLES_OFFSET = 40;
    public static final int H_EVENTS = 48;
    public static final int H_MISMATCHES = 56;
    public static final int H_UNPAIRED_LOCKS = 60;
    public static final int H_RUN_ID = 64;
    public static final int RUN_ID_SIZE = 52;
    /** CRC-32C of the index (every entry, the tables' one included). */
    public static final int H_INDEX_CRC = 116;
    /** CRC-32C of the tables: from the last index entry's offset to the end of the file. */
    public static final int H_TABLES_CRC = 120;
    /** CRC-32C of the header's bytes before this field. */
    public static final int H_HEADER_CRC = 124;

    /** One index entry per task, then one for the tables. */
    public static final int INDEX_ENTRY = 40;
    public static final int I_OFFSET = 0;
    public static final int I_RECORDS = 8;
    public static final int I_SHIFT_S = 16;
    public static final int I_STATE = 24;
    public static final int I_DAMAGED = 25;
    public static final int I_THREADS = 26;
    public static final int I_FLAGS = 28;
    /** CRC-32C of the task's records (0 for a task without any). */
    public static final int I_CRC = 32;
    /** I_FLAGS bit: each record of the task names its thread (it has threads other than thread 0). */
    public static final int TASK_THREADED = 1;
    /** I_STATE of a task whose trace is missing or unreadable. */
    public static final int STATE_MISSING = 0xFF;

    /** The longest record (FORMAT.md, "Records"): head, thread, three times and the largest payload. */
    public static final int MAX_RECORD = 128;

    /**
     * Forward links (a deferred call's completion, a lock's release) are u16 deltas patched in place: 0 none,
     * NEAR_LINK_LIMIT and more is in the link table at the end.
     */
    public static final int FAR_LINK = 0xFFFF;

    /** "No event": a completion or lock partner that is not in the trace. */
    public static final int NO_EVENT = -1;

    /** Table records at the end. */
    public static final int TABLE_PE_SET = 0xFF;
    public static final int TABLE_CALL = 0xFE;
    /** A forward link too far for its u16: u32 task, u64 event, u64 the event it links to. */
    public static final int TABLE_LINK = 0xFD;
    /** A call site: u32 index, u64 offset in its object, u16 + UTF-8 object path, u16 + ASCII build id. */
    public static final int TABLE_SITE = 0xFC;
    /** A host: u32 index, u16 + UTF-8 name, u32 count, count x u32 task (the PEs that ran there). */
    public static final int TABLE_HOST = 0xFB;
    /** A region name (version 8): u32 index, u16 + UTF-8 name; the program's regions and marks name them by index. */
    public static final int TABLE_NAME = 0xFA;
    /** Call table flag: the call returns before its remote effect is complete (a later call completes it). */
    public static final int CALL_DEFERRED = 1;
    /** Call table flag: the call takes a context (its RMA records carry a context byte). */
    public static final int CALL_CTX = 2;
    /** Call table flags of collectives: which payload fields the call's records carry (the others are implied). */
    public static final int CALL_SET = 4;
    public static final int CALL_ROOT = 8;
    public static final int CALL_BYTES = 0x10;

    /** RMA flags. */
    public static final int RMA_NONBLOCKING = 1;
    public static final int RMA_DEFERRED = 2;
    public static final int RMA_CTX = 4;

    private MergedLayout() {}

    public static long indexOffset(int task) {
        return HEADER_SIZE + (long) task * INDEX_ENTRY;
    }

    /** CRC-32C of bytes [from, to) of a file, read in chunks: a task's records, the tables. */
    public static int crc(java.nio.channels.FileChannel channel, long from, long to) throws java.io.IOException {
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        java.nio.ByteBuffer chunk = java.nio.ByteBuffer.allocate((int) Math.min(Math.max(to - from, 0), 1 << 20));
        for (long at = from; at < to; ) {
            chunk.clear().limit((int) Math.min(chunk.capacity(), to - at));
            int n = channel.read(chunk, at);
            if (n <= 0) break; // cut short: the checksum will not match
            crc.update(chunk.flip());
            at += n;
        }
        return (int) crc.getValue();
    }

    /** CRC-32C of a buffer's bytes [0, length): the per-PE format's checksum (Layout.crc32c). */
    public static int crc(java.nio.ByteBuffer bytes, int length) {
        return io.shmemtrace.format.Layout.crc32c(bytes.slice(0, length));
    }
}
