package io.shmemtrace.format.write;

import io.shmemtrace.format.StoredTable;
import static io.shmemtrace.format.Layout.*;

import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.TraceNaming;
import io.shmemtrace.format.TraceState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes one per-PE trace file (FORMAT.md, writer = 2). Each traced thread gets a {@link ThreadWriter} that
 * fills memory-mapped blocks of its own; the block index counter and the header's running part are shared
 * and guarded by this object.
 *
 * <pre>
 * try (TraceWriter w = TraceWriter.create(path, info, table, 1 &lt;&lt; 20)) {
 *     w.thread(0).event(id, start, end, fieldValues...);
 * } // close(): seals every block, state FINALIZED
 * </pre>
 */
public final class TraceWriter implements AutoCloseable {
    private final Path path;
    private final FileChannel channel;
    private final MappedByteBuffer header;
    private final EventTable table;
    private final TraceInfo info;
    private final TraceClock clock;
    private final int blockSize;
    private final long firstBlockOffset;
    /** The event table's size inflated (it is stored deflated). */
    private final int tableSize;
    private final List<ThreadWriter> threads = new ArrayList<>();
    private int blocksAllocated;
    private long dropped;
    private long maxBytes; // 0: no limit
    private boolean capped;
    /** A block could not be had (a full disk): none is asked for again. */
    private boolean full;
    private volatile boolean closed;
    /** Region names written so far, by name, and the names block being filled. */
    private final java.util.Map<String, Integer> names = new java.util.HashMap<>();
    private MappedByteBuffer namesBlock;
    private int namesUsed;

    private TraceWriter(Path path, TraceInfo info, EventTable table, int blockSize, TraceClock clock,
                        OpenOption... create) throws IOException {
        if (!validBlockSize(blockSize)) {
            throw new IllegalArgumentException("block size " + blockSize + " is not a multiple of " + PAGE
                    + " from " + PAGE + " to " + MAX_BLOCK_SIZE);
        }
        this.path = path;
        this.info = info;
        this.table = table;
        this.blockSize = blockSize;
        this.clock = clock;
        byte[] encoded = table.encode();
        byte[] tableBytes = StoredTable.deflate(encoded);
        this.tableSize = encoded.length;
        this.firstBlockOffset = firstBlockOffset(tableBytes.length);
        Set<OpenOption> options = new HashSet<>(List.of(create));
        options.addAll(List.of(StandardOpenOption.READ, StandardOpenOption.WRITE));
        this.channel = FileChannel.open(path, options);
        try {
            // the header written before it is mapped: a hole on a full disk would be a bus error at its first store
            ByteBuffer headerRoom = ByteBuffer.allocate(HEADER_SIZE);
            while (headerRoom.hasRemaining()) channel.write(headerRoom, headerRoom.position());
            channel.write(ByteBuffer.wrap(tableBytes), HEADER_SIZE);
            this.header = map(0, HEADER_SIZE);
            writeHeader(tableBytes);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Creates (or replaces) the file at path with state RUNNING and no blocks, using the system clock. */
    public static TraceWriter create(Path path, TraceInfo info, EventTable table, int blockSize) throws IOException {
        return create(path, info, table, blockSize, TraceClock.SYSTEM);
    }

    /** As {@link #create(Path, TraceInfo, EventTable, int)}, reading block and finalize clock pairs from clock. */
    public static TraceWriter create(Path path, TraceInfo info, EventTable table, int blockSize, TraceClock clock)
            throws IOException {
        return new TraceWriter(path, info, table, blockSize, clock, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING);
    }

    /**
     * A tracer's file: as {@link #create(Path, TraceInfo, EventTable, int)}, but a file (or link) already at path
     * is neither replaced nor followed ({@link java.nio.file.FileAlreadyExistsException}); the directory should
     * come from {@link TraceDirectory#prepare(Path)}.
     */
    public static TraceWriter createNew(Path path, TraceInfo info, EventTable table, int blockSize) throws IOException {
        return new TraceWriter(path, info, table, blockSize, TraceClock.SYSTEM, StandardOpenOption.CREATE_NEW,
                LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * The file stops growing at maxBytes (0: no limit; SHMEMTRACE_MAX_BYTES, as the native tracer reads it): a block
     * that would pass it is not handed out, one line on stderr says so, the header is marked capped and later
     * events are counted as not recorded.
     */
    public synchronized TraceWriter limit(long maxBytes) {
        if (maxBytes < 0) throw new IllegalArgumentException("size limit " + maxBytes);
        this.maxBytes = maxBytes;
        return this;
    }

    private void writeHeader(byte[] tableBytes) {
        ByteBuffer h = header;
        h.put(0, MAGIC);
        h.putShort(H_VERSION_MAJOR, (short) VERSION_MAJOR);
        h.putShort(H_VERSION_MINOR, (short) VERSION_MINOR);
        h.putInt(H_BLOCK_SIZE, blockSize);
        h.putInt(H_FIRST_BLOCK, (int) firstBlockOffset);
        h.putInt(H_TABLE_OFFSET, HEADER_SIZE);
        h.putInt(H_TABLE_LENGTH, tableBytes.length);
        h.putInt(H_TABLE_SIZE, tableSize);
        h.putInt(H_TABLE_CRC, crc32c(tableBytes, 0, tableBytes.length));
        h.putInt(H_PE, info.pe());
        h.putInt(H_NPES, info.npes());
        h.putLong(H_PID, info.pid());
        h.putLong(H_TICK_HZ, info.tickHz());
        h.put(H_TICK_SHIFT, (byte) info.tickShift());
        h.put(H_CLOCK_SOURCE, (byte) info.clockSource());
        h.putShort(H_WRITER, (short) WRITER_JAVA);
        h.putLong(H_INIT_TICKS, info.initTicks());
        h.putLong(H_INIT_MONO, info.initMonoNs());
        h.putLong(H_INIT_REAL, info.initRealNs());
        putAscii(h, H_RUN_ID, RUN_ID_SIZE, info.runId());
        putAscii(h, H_HOST, HOST_SIZE, info.host());
        h.putInt(H_HEADER_CRC, crc32c(h.slice(0, H_CRC_COVERS)));
        h.putInt(H_STATE, TraceState.RUNNING.code());
    }

    private static void putAscii(ByteBuffer h, int offset, int size, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.US_ASCII);
        // Keeps one NUL so C readers of the header see a terminated string.
        h.put(offset, bytes, 0, Math.min(bytes.length, size - 1));
    }

    MappedByteBuffer map(long offset, int length) throws IOException {
        MappedByteBuffer b = channel.map(FileChannel.MapMode.READ_WRITE, offset, length);
        b.order(ByteOrder.LITTLE_ENDIAN);
        return b;
    }

    /**
     * The number of a region name in the file's names blocks (FORMAT.md, "Names"), written at its first use as the
     * native writer does: the name's UTF-8 bytes, cut at MAX_NAME, "(unnamed)" for null or ""; -1 when no block
     * can be had (the size limit, a full disk). A region record is then an event of Layout.REGION_BEGIN_EVENT_ID (or
     * REGION_END_, MARK_) whose one field is this number; the table must list EventDef.REGION_BEGIN, ....
     */
    public synchronized int regionName(String name) {
        String n = name == null || name.isEmpty() ? "(unnamed)" : name;
        Integer known = names.get(n);
        if (known != null) return known;
        byte[] bytes = n.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > MAX_NAME) bytes = java.util.Arrays.copyOf(bytes, MAX_NAME);
        if (namesBlock == null || BLOCK_HEADER + namesUsed + 1 + bytes.length > blockSize) {
            MappedByteBuffer b = allocateBlock();
            if (b == null) return -1;
            b.put(0, NAMES_MAGIC);
            namesBlock = b;
            namesUsed = 0;
        }
        int at = BLOCK_HEADER + namesUsed;
        namesBlock.put(at + 1, bytes);
        namesBlock.put(at, (byte) bytes.length); // the length last: a reader stops at a 0 byte
        namesUsed += 1 + bytes.length;
        int number = names.size();
        names.put(n, number);
        return number;
    }

    /** The writer of thread index (0 = first thread that traced a call); made on first use. */
    public synchronized ThreadWriter thread(int index) {
        return thread(index, info.initTicks() >>> info.tickShift());
    }

    /**
     * The writer of thread index, made on first use with the time (units) that its first event's burst counts
     * from; an existing writer is returned as it is.
     */
    public synchronized ThreadWriter thread(int index, long baseTime) {
        if (index < 0 || index > 0xFFFF) throw new IllegalArgumentException("thread index " + index);
        for (ThreadWriter t : threads) {
            if (t.index() == index) return t;
        }
        ThreadWriter t = new ThreadWriter(this, index, baseTime, table, blockSize);
        threads.add(t);
        return t;
    }

    /** Hands out the next block: maps it and counts it in the header; null once the file is closed. */
    synchronized MappedByteBuffer allocateBlock() {
        if (closed || capped || full) return null;
        if (maxBytes != 0 && firstBlockOffset + (blocksAllocated + 1L) * blockSize > maxBytes) {
            // A program that loops forever (or far longer than meant) must not fill the disk.
            capped = true;
            header.putInt(H_RUN_FLAGS, header.getInt(H_RUN_FLAGS) | RUN_CAPPED);
            System.err.println("shmemtrace: " + path + ": the trace reached " + TraceNaming.ENV_MAX_BYTES + " ("
                    + maxBytes + " bytes); later calls are counted, not recorded");
            return null;
        }
        long offset = firstBlockOffset + (long) blocksAllocated * blockSize;
        try {
            reserve(offset);
        } catch (IOException e) {
            // A full disk: a mapped block the file system has no room for kills the writing thread with a bus
            // error (an InternalError in the program's own call); no block is asked for again, as the native tracer.
            full = true;
            System.err.println("shmemtrace: " + path + ": no room for the trace's next block (" + e.getMessage()
                    + "); later calls are counted, not recorded");
            return null;
        }
        try {
            MappedByteBuffer block = map(offset, blockSize);
            header.putInt(H_BLOCKS_ALLOCATED, ++blocksAllocated);
            return block;
        } catch (IOException e) {
            throw new UncheckedIOException(path + ": cannot map block " + blocksAllocated, e);
        }
    }

    /**
     * Gives the block at offset its room on disk, by writing it (Java has no posix_fallocate): a mapping past the
     * end of the file is sparse. On failure the file is cut back to offset: the room taken is given back.
     */
    private void reserve(long offset) throws IOException {
        ByteBuffer zeros = ByteBuffer.allocate(Math.min(blockSize, 64 << 10));
        try {
            for (long at = offset; at < offset + blockSize; at += zeros.capacity()) {
                zeros.clear();
                while (zeros.hasRemaining()) channel.write(zeros, at + zeros.position());
            }
        } catch (IOException e) {
            try {
                channel.truncate(offset);
            } catch (IOException ignored) {
                // the first failure is the one to say
            }
            throw e;
        }
    }

    TraceClock clock() {
        return clock;
    }

    /** An event found no block: counted as not recorded if the size limit or the disk is why (after close it is not a call). */
    synchronized void noBlock() {
        if ((capped || full) && !closed) dropped(1);
    }

    /** Counts events that were not recorded (header dropped_events). */
    public synchronized void dropped(long events) {
        dropped += events;
        header.putLong(H_DROPPED, dropped);
    }

    public Path path() {
        return path;
    }

    public synchronized int blocksAllocated() {
        return blocksAllocated;
    }

    /** Seals every thread's block and marks the file FINALIZED (shmem_finalize returned). */
    @Override
    public void close() throws IOException {
        close(TraceState.FINALIZED);
    }

    /**
     * Seals every thread's block and ends the file in the given state (FINALIZED, EXITED or DISABLED). Safe
     * while other threads are recording: each block is sealed with the events written whole into it, and
     * later events are not recorded.
     */
    public synchronized void close(TraceState state) throws IOException {
        if (closed) return;
        closed = true;
        for (ThreadWriter t : threads) t.seal();
        finish(state, clock.ticks(), clock.monoNs());
    }

    /**
     * Leaves the file as a killed process would: blocks unsealed, state RUNNING, no final clock pair.
     * For tests and for writers that must stop without ending the trace.
     */
    public synchronized void abandon() throws IOException {
        if (closed) return;
        finish(TraceState.RUNNING, 0, 0);
    }

    private void finish(TraceState state, long finalTicks, long finalMonoNs) throws IOException {
        closed = true;
        header.putLong(H_FINAL_TICKS, finalTicks);
        header.putLong(H_FINAL_MONO, finalMonoNs);
        header.putInt(H_STATE, state.code());
        header.force();
        channel.close();
    }

    /** True once close or abandon has run: threads record nothing more. */
    public boolean isClosed() {
        return closed;
    }
}
