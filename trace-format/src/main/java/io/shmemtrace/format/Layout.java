package io.shmemtrace.format;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/**
 * Byte offsets and constants of FORMAT.md: the one table of them. The Java writer and reader use it directly;
 * wrapper-codegen emits it as the C shim's shmt_format.h ({@code SHMT_} + the field name), so the two writers
 * cannot drift apart.
 */
public final class Layout {
    private Layout() {}

    public static final byte[] MAGIC = "SHMTRACE".getBytes(StandardCharsets.US_ASCII);
    /** 2: the event table is stored deflated, its inflated size at H_TABLE_SIZE (1: stored as it is; still read). */
    public static final int VERSION_MAJOR = 2;
    /**
     * A profile (SHMEMTRACE_MODE=profile; FORMAT.md, "Profiles"): the same header and event table, then profile blocks
     * (and event blocks for the few calls profiles do not take). A major of its own, so that a reader of traces
     * only refuses it rather than reading it as a trace without events.
     */
    public static final int PROFILE_VERSION_MAJOR = 3;
    /** The oldest major version the readers still read. */
    public static final int OLDEST_MAJOR = 1;
    /**
     * The most fields a Java binding call records (the agent's hooks): wrapper-codegen refuses a {@code <java>}
     * mapping with more, and the Java tracer sizes its per-call arrays by it.
     */
    public static final int MAX_JAVA_FIELDS = 6;
    /** The largest event table a reader inflates (65,535 entries of a few fields each fit many times over). */
    public static final int MAX_EVENT_TABLE_SIZE = 16 << 20;
    /**
     * 2: names and counts blocks (region names, calls counted but not recorded) and the region records; 1: the
     * event table ends in sections (operations and completions).
     */
    public static final int VERSION_MINOR = 2;
    public static final int HEADER_SIZE = 256;
    public static final int PAGE = 4096;
    public static final int WRITER_C = 1;
    public static final int WRITER_JAVA = 2;
    public static final int CLOCK_TSC = 1;
    public static final int CLOCK_MONOTONIC = 2;

    // Block sizes a writer accepts (SHMEMTRACE_BLOCK_SIZE): multiples of PAGE up to MAX_BLOCK_SIZE.
    public static final int DEFAULT_BLOCK_SIZE = 1 << 20;
    public static final int MAX_BLOCK_SIZE = 1 << 30;
    /** Bytes a PE's trace may grow to unless SHMEMTRACE_MAX_BYTES says otherwise (0 there: no limit). */
    public static final long DEFAULT_MAX_BYTES = 2L << 30;
    /**
     * The most PEs a run may have (a header's npes; a merged file's tasks): a count read from a file is checked
     * against it before the tools size arrays by it. Today's largest machines run under a million PEs.
     */
    public static final int MAX_PES = 1 << 20;

    // File header: written once, covered by header_crc.
    public static final int H_VERSION_MAJOR = 8;
    public static final int H_VERSION_MINOR = 10;
    public static final int H_BLOCK_SIZE = 12;
    public static final int H_FIRST_BLOCK = 16;
    public static final int H_TABLE_OFFSET = 20;
    public static final int H_TABLE_LENGTH = 24;
    public static final int H_TABLE_CRC = 28;
    public static final int H_PE = 32;
    public static final int H_NPES = 36;
    public static final int H_PID = 40;
    public static final int H_TICK_HZ = 48;
    public static final int H_TICK_SHIFT = 56;
    public static final int H_CLOCK_SOURCE = 57;
    public static final int H_WRITER = 58;
    /** u32: the event table's size inflated (format 2; 0 in format 1, whose table is stored as it is). */
    public static final int H_TABLE_SIZE = 60;
    public static final int H_INIT_TICKS = 64;
    public static final int H_INIT_MONO = 72;
    public static final int H_INIT_REAL = 80;
    public static final int H_RUN_ID = 88;
    public static final int RUN_ID_SIZE = 32;
    public static final int H_HOST = 120;
    public static final int HOST_SIZE = 64;
    public static final int H_HEADER_CRC = 188;
    /** Bytes 0..187 are covered by header_crc. */
    public static final int H_CRC_COVERS = 188;

    // File header: updated while the program runs, not checksummed.
    public static final int H_STATE = 192;
    public static final int H_BLOCKS_ALLOCATED = 196;
    public static final int H_FINAL_TICKS = 200;
    public static final int H_FINAL_MONO = 208;
    public static final int H_DROPPED = 216;
    /**
     * u32 bits: RUN_CAPPED, the writer stopped recording at the size limit (SHMEMTRACE_MAX_BYTES); RUN_CALLSITES,
     * every event but repeat records carries its call site.
     */
    public static final int H_RUN_FLAGS = 224;
    public static final int RUN_CAPPED = 1;
    public static final int RUN_CALLSITES = 2;
    /** The file is a profile (version_major PROFILE_VERSION_MAJOR). */
    public static final int RUN_PROFILE = 4;
    /** A profile's block size unless SHMEMTRACE_BLOCK_SIZE says otherwise: a profile is a few kilobytes. */
    public static final int PROFILE_BLOCK_SIZE = 8192;

    // Block header.
    public static final int BLOCK_HEADER = 64;
    public static final byte[] BLOCK_MAGIC = "SHMB".getBytes(StandardCharsets.US_ASCII);
    /** BLOCK_MAGIC read as a little-endian u32. */
    public static final int BLOCK_MAGIC_U32 = 0x424D4853;
    public static final int B_THREAD = 4;
    public static final int B_FLAGS = 6;
    public static final int B_LENGTH = 8;
    public static final int B_COUNT = 12;
    public static final int B_CRC = 16;
    public static final int B_THREAD_BLOCK = 20;
    public static final int B_FIRST_SEQ = 24;
    public static final int B_BASE_TIME = 32;
    public static final int B_OPEN_TICKS = 40;
    public static final int B_OPEN_MONO = 48;
    public static final int BLOCK_SEALED = 1;

    /**
     * A names block (FORMAT.md, "Names"): the PE's region names, each written once, numbered in the order of the
     * file. Entries: a length byte (1 to MAX_NAME), then the name's bytes.
     */
    public static final byte[] NAMES_MAGIC = "SHMN".getBytes(StandardCharsets.US_ASCII);
    public static final int NAMES_MAGIC_U32 = 0x4E4D4853;
    /** The longest region name kept, in bytes (a longer one is cut). */
    public static final int MAX_NAME = 100;
    /**
     * A counts block (FORMAT.md, "Counts"): per function, the calls counted but not recorded (paused, excluded),
     * COUNT_ENTRY bytes each: u32 event id + 1 (0: no entry yet), u32 0, u64 paused, u64 excluded.
     */
    public static final byte[] COUNTS_MAGIC = "SHMK".getBytes(StandardCharsets.US_ASCII);
    public static final int COUNTS_MAGIC_U32 = 0x4B4D4853;
    public static final int COUNT_ENTRY = 24;
    public static final int C_PAUSED = 8;
    public static final int C_EXCLUDED = 16;

    /**
     * A profile block (FORMAT.md, "Profiles"): one thread's entries, PROFILE_ENTRY bytes each, updated in place. An
     * entry: u32 event id + 1 (0: none; stored last), u32 region + 1 (0: outside every region), u64 call site (0
     * without), u64 calls, u64 bytes, u64 total, u64 min, u64 max (time units), u32 x HIST_BUCKETS calls by log2 of
     * their bytes, u64 inner (a region entry's time in SHMEM calls within it).
     */
    public static final byte[] PROFILE_MAGIC = "SHMP".getBytes(StandardCharsets.US_ASCII);
    public static final int PROFILE_MAGIC_U32 = 0x504D4853;
    public static final int PROFILE_ENTRY = 192;
    public static final int P_REGION = 4;
    public static final int P_SITE = 8;
    public static final int P_CALLS = 16;
    public static final int P_BYTES = 24;
    public static final int P_TOTAL = 32;
    public static final int P_MIN = 40;
    public static final int P_MAX = 48;
    public static final int P_HIST = 56;
    /** Bucket 0: no bytes; bucket k: 2^(k-1) to 2^k - 1 bytes; the last: 2^30 bytes or more. */
    public static final int HIST_BUCKETS = 32;
    public static final int P_INNER = 184;

    /** Event ids of the region records (FORMAT.md, "Regions"), below the repeat record's; the spec's stay under them. */
    public static final int REGION_BEGIN_EVENT_ID = 0x3FF0;
    public static final int REGION_END_EVENT_ID = 0x3FF1;
    public static final int MARK_EVENT_ID = 0x3FF2;
    /** The first id the writers reserve for their own records. */
    public static final int FIRST_WRITER_EVENT_ID = REGION_BEGIN_EVENT_ID;

    /** Event id of a repeat record (FORMAT.md, "Repeats"): two bytes as a uvar (id + 1 = 0x3FFF). */
    public static final int REPEAT_EVENT_ID = 0x3FFE;

    /** The longest uvar/svar: 64 bits in groups of 7. */
    public static final int MAX_VARINT = 10;

    /** CRC-32C of the remaining bytes of the buffer (its position is not moved). */
    public static int crc32c(ByteBuffer bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes.duplicate());
        return (int) crc.getValue();
    }

    public static int crc32c(byte[] bytes, int offset, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, offset, length);
        return (int) crc.getValue();
    }

    /** True for a block size FORMAT.md allows: a positive multiple of PAGE, at most MAX_BLOCK_SIZE. */
    public static boolean validBlockSize(long size) {
        return size >= PAGE && size % PAGE == 0 && size <= MAX_BLOCK_SIZE;
    }

    /** Offset of block 0: the header and the event table, rounded up to a page. */
    public static long firstBlockOffset(int tableLength) {
        long end = HEADER_SIZE + (long) tableLength;
        return (end + PAGE - 1) / PAGE * PAGE;
    }
}
