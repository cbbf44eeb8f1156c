package io.shmemtrace.psins.format;

import java.nio.charset.StandardCharsets;

/** Byte offsets and sizes of the merged trace (shmem2psins/FORMAT.md), shared by its writer and reader. */
public final class PsinsLayout {
    public static final byte[] MAGIC = "SHPS".getBytes(StandardCharsets.US_ASCII);
    public static final int VERSION = 1;

    /** Header flag bits (FORMAT.md, "Header"). */
    public static final int FLAG_EXTENDED = 0x01;
    public static final int FLAG_F64_TIMES = 0x08;
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
    public static final int RUN_ID_SIZE = 64;

    /** One index entry per task, then one for the tables. */
    public static final int INDEX_ENTRY = 32;
    public static final int I_OFFSET = 0;
    public static final int I_RECORDS = 8;
    public static final int I_SHIFT_S = 16;
    public static final int I_STATE = 24;
    public static final int I_DAMAGED = 25;
    public static final int I_THREADS = 26;
    /** I_STATE of a task whose trace is missing or unreadable. */
    public static final int STATE_MISSING = 0xFF;

    /** Record sizes: the head every record has, then per payload. */
    public static final int RECORD_HEAD = 5; // u8 type, u32 task
    public static final int BURST_RECORD = RECORD_HEAD + 8;
    public static final int EVENT_HEAD = RECORD_HEAD + 4; // + u16 call, u16 thread
    public static final int EVENT_TAIL = 16; // f64 start, f64 duration
    public static final int MAX_RECORD = 64;

    /** "No event": a completion or lock partner that is not in the trace. */
    public static final int NO_EVENT = -1;

    /** Table records at the end. */
    public static final int TABLE_PE_SET = 0xFF;
    public static final int TABLE_CALL = 0xFE;

    /** RMA flags. */
    public static final int RMA_NONBLOCKING = 1;
    public static final int RMA_DEFERRED = 2;
    public static final int RMA_CTX = 4;

    private PsinsLayout() {}

    public static long indexOffset(int task) {
        return HEADER_SIZE + (long) task * INDEX_ENTRY;
    }
}
