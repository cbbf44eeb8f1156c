package io.shmemtrace.format.read;

import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.FieldDef;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.CRC32C;
import net.openhft.chronicle.bytes.BytesStore;

/**
 * One per-PE trace file (trace-format/FORMAT.md), read through Chronicle Bytes over read-only mappings.
 * {@link #open} fails only when the file is not a trace; damage inside it becomes {@link TraceProblem}s
 * while every intact block is read.
 */
public final class TraceFile implements AutoCloseable {
    static final int HEADER_SIZE = 256;
    static final int BLOCK_HEADER = 64;
    private static final byte[] MAGIC = "SHMTRACE".getBytes(StandardCharsets.US_ASCII);
    private static final int BLOCK_MAGIC = 0x424D4853; // "SHMB" little-endian

    private final Path path;
    private final FileChannel channel;
    private final long size;
    private final TraceHeader header;
    private final EventTable table;
    private final List<Block> blocks = new ArrayList<>();
    private final List<TraceProblem> problems = new ArrayList<>();
    private final TimeBase time;
    private long eventsRead;
    private long payloadBytes;

    /** A block as found in the file: where it is, whose it is, how much of it exists. */
    record Block(int index, long offset, long available, int thread, boolean sealed, int length, int count,
                 int crc, int threadBlock, long firstSeq, long baseTime, long openTicks, long openMonoNs) {}

    private TraceFile(Path path, FileChannel channel) throws IOException, TraceFormatException {
        this.path = path;
        this.channel = channel;
        this.size = channel.size();
        if (size < HEADER_SIZE) {
            throw new TraceFormatException(path, "not a shmemtrace trace: " + size + " bytes, shorter than a header");
        }
        BytesStore<?, ?> h = map(0, HEADER_SIZE);
        this.header = readHeader(h);
        this.table = readTable(header);
        findBlocks();
        Block last = blocks.stream().max(Comparator.comparingLong(Block::openTicks)).orElse(null);
        this.time = new TimeBase(header, last == null ? 0 : last.openTicks(), last == null ? 0 : last.openMonoNs());
        if (header.state() != TraceState.FINALIZED) {
            problems.add(new TraceProblem(path, -1, size, "PE " + header.pe() + " " + header.state().description(), false));
        }
        if (header.droppedEvents() > 0) {
            problems.add(new TraceProblem(path, -1, 216, header.droppedEvents() + " events were not recorded", true));
        }
    }

    public static TraceFile open(Path path) throws IOException, TraceFormatException {
        FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
        try {
            return new TraceFile(path, channel);
        } catch (IOException | TraceFormatException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    public Path path() { return path; }
    public TraceHeader header() { return header; }
    public EventTable table() { return table; }
    public TimeBase time() { return time; }

    /** Events decoded by {@link #read} so far, and the payload bytes they took. */
    public long eventsRead() { return eventsRead; }
    public long payloadBytes() { return payloadBytes; }

    /** Problems found so far: those of the header at open, those of the blocks once read. */
    public List<TraceProblem> problems() {
        return List.copyOf(problems);
    }

    private BytesStore<?, ?> map(long offset, long length) throws IOException {
        ByteBuffer buffer = channel.map(FileChannel.MapMode.READ_ONLY, offset, length).order(ByteOrder.LITTLE_ENDIAN);
        return BytesStore.wrap(buffer);
    }

    private TraceHeader readHeader(BytesStore<?, ?> h) throws TraceFormatException {
        for (int i = 0; i < MAGIC.length; i++) {
            if (h.readByte(i) != MAGIC[i]) {
                throw new TraceFormatException(path, "not a shmemtrace trace (bad magic)");
            }
        }
        int major = h.readUnsignedShort(8);
        if (major != 1) {
            throw new TraceFormatException(path, "trace format version " + major + " is not supported (this reader: 1)");
        }
        byte[] covered = new byte[188];
        h.read(0, covered, 0, covered.length);
        if (crc(covered) != h.readInt(188)) {
            throw new TraceFormatException(path, "damaged header (checksum mismatch)");
        }
        TraceHeader header = new TraceHeader(major, h.readUnsignedShort(10), h.readInt(12), h.readInt(16),
                h.readInt(32), h.readInt(36), h.readLong(40), h.readLong(48), h.readUnsignedByte(56),
                h.readUnsignedByte(57), h.readUnsignedShort(58), h.readLong(64), h.readLong(72), h.readLong(80),
                ascii(h, 88, 32), ascii(h, 120, 64), TraceState.of(h.readInt(192)), h.readInt(196),
                h.readLong(200), h.readLong(208), h.readLong(216));
        if (header.blockSize() < 4096 || header.firstBlockOffset() < HEADER_SIZE) {
            throw new TraceFormatException(path, "damaged header (block size " + header.blockSize() + ")");
        }
        return header;
    }

    private EventTable readTable(TraceHeader header) throws IOException, TraceFormatException {
        BytesStore<?, ?> h = map(0, Math.min(size, header.firstBlockOffset()));
        long offset = h.readUnsignedInt(20);
        long length = h.readUnsignedInt(24);
        if (offset + length > h.readLimit()) {
            throw new TraceFormatException(path, "event table runs past byte " + h.readLimit() + " (file cut short?)");
        }
        byte[] bytes = new byte[(int) length];
        h.read(offset, bytes, 0, bytes.length);
        if (crc(bytes) != h.readInt(28)) {
            throw new TraceFormatException(path, "damaged event table (checksum mismatch)");
        }
        try {
            return EventTable.decode(bytes);
        } catch (IllegalArgumentException e) {
            throw new TraceFormatException(path, "damaged event table: " + e.getMessage());
        }
    }

    private void findBlocks() throws IOException {
        long blockSize = header.blockSize();
        for (int i = 0; ; i++) {
            long offset = header.firstBlockOffset() + i * blockSize;
            if (offset >= size) {
                if (i < header.blocksAllocated()) {
                    problems.add(new TraceProblem(path, -1, size, "file ends at byte " + size + ": blocks " + i
                            + ".." + (header.blocksAllocated() - 1) + " of " + header.blocksAllocated() + " are missing", true));
                }
                break;
            }
            long available = Math.min(blockSize, size - offset);
            if (available < BLOCK_HEADER) {
                problems.add(new TraceProblem(path, i, offset, "file ends at byte " + size + " inside the block header", true));
                break;
            }
            BytesStore<?, ?> b = map(offset, BLOCK_HEADER);
            int magic = b.readInt(0);
            if (magic == 0) continue; // allocated, never written
            if (magic != BLOCK_MAGIC) {
                problems.add(new TraceProblem(path, i, offset, "not a block (bad block magic); skipped", true));
                continue;
            }
            blocks.add(new Block(i, offset, available, b.readUnsignedShort(4), (b.readUnsignedShort(6) & 1) != 0,
                    b.readInt(8), b.readInt(12), b.readInt(16), b.readInt(20), b.readLong(24), b.readLong(32),
                    b.readLong(40), b.readLong(48)));
        }
    }

    /** Decodes every event, per thread in sequence order, into the visitor (one reused TraceEvent). */
    public void read(Consumer<TraceEvent> visitor) throws IOException {
        List<Block> ordered = new ArrayList<>(blocks);
        ordered.sort(Comparator.comparingInt(Block::thread).thenComparingInt(Block::threadBlock));
        TraceEvent event = new TraceEvent();
        event.pe = header.pe();
        event.time = time;
        PayloadCursor cursor = new PayloadCursor();
        for (Block block : ordered) {
            readBlock(block, event, cursor, visitor);
        }
    }

    private void readBlock(Block block, TraceEvent event, PayloadCursor cursor, Consumer<TraceEvent> visitor)
            throws IOException {
        BytesStore<?, ?> store = map(block.offset(), block.available());
        long limit = block.available();
        int expected = Integer.MAX_VALUE;
        if (block.sealed()) {
            if (block.length() < 0 || BLOCK_HEADER + (long) block.length() > block.available()) {
                damage(block, "file ends at byte " + size + ", inside this sealed block; reading its complete events");
            } else {
                byte[] payload = new byte[block.length()];
                store.read(BLOCK_HEADER, payload, 0, payload.length);
                if (crc(payload) != block.crc()) {
                    damage(block, "checksum mismatch; block skipped (" + block.count() + " events)");
                    return;
                }
                limit = BLOCK_HEADER + (long) block.length();
                expected = block.count();
            }
        } else if (block.available() < header.blockSize()) {
            damage(block, "file ends at byte " + size + ", inside this block; reading its complete events");
        }
        cursor.reset(store, BLOCK_HEADER, limit);
        event.thread = block.thread();
        long previousEnd = block.baseTime();
        long lastAddress = 0;
        long lastCtx = 0;
        int decoded = 0;
        try {
            while (decoded < expected && !cursor.atEnd() && cursor.peek() != 0) {
                long eventStart = cursor.position;
                int id = (int) cursor.uvar() - 1;
                EventDef def = table.byId(id);
                if (def == null) {
                    damage(block, "unknown event id " + id + " at byte " + (block.offset() + eventStart)
                            + "; the rest of the block is skipped");
                    return;
                }
                long start = previousEnd + cursor.uvar();
                long end = start + cursor.uvar();
                List<FieldDef> fields = def.fields();
                for (int f = 0; f < fields.size(); f++) {
                    long v;
                    switch (fields.get(f).kind().encoding()) {
                        case UVAR -> v = cursor.uvar();
                        case SVAR -> v = cursor.svar();
                        case ADDRESS_DELTA -> v = lastAddress += cursor.svar();
                        default -> v = lastCtx += cursor.svar();
                    }
                    event.values[f] = v;
                }
                event.def = def;
                event.seq = block.firstSeq() + decoded;
                event.burstUnits = start - previousEnd;
                event.startUnits = start;
                event.endUnits = end;
                previousEnd = end;
                decoded++;
                eventsRead++;
                payloadBytes += cursor.position - eventStart;
                visitor.accept(event);
            }
        } catch (PayloadCursor.Overrun e) {
            if (expected != Integer.MAX_VALUE) {
                damage(block, "sealed block ends inside an event; " + decoded + " events read");
            }
            // unsealed: the last event was cut off by the end of the data, as FORMAT.md allows
        }
        if (expected != Integer.MAX_VALUE && decoded != expected) {
            damage(block, "sealed block holds " + decoded + " events, its header says " + expected);
        }
    }

    private void damage(Block block, String message) {
        problems.add(new TraceProblem(path, block.index(), block.offset(), message, true));
    }

    private static int crc(byte[] bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        return (int) crc.getValue();
    }

    private static String ascii(BytesStore<?, ?> h, int offset, int length) {
        byte[] bytes = new byte[length];
        h.read(offset, bytes, 0, length);
        int n = 0;
        while (n < length && bytes[n] != 0) n++;
        return new String(bytes, 0, n, StandardCharsets.US_ASCII);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
