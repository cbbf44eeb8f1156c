package io.shmemtrace.format.read;

import io.shmemtrace.format.StoredTable;
import io.shmemtrace.format.InputFiles;
import io.shmemtrace.format.TraceState;
import static io.shmemtrace.format.Layout.*;

import io.shmemtrace.format.EventTable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * One per-PE trace file (trace-format/FORMAT.md), read from read-only mappings of it (FileMapping).
 * {@link #open} fails only when the file is not a trace; damage inside it becomes {@link TraceProblem}s
 * while every intact block is read.
 *
 * <pre>
 * try (TraceFile f = TraceFile.open(path)) {
 *     f.read(e -&gt; ...);          // per thread, in seq order; e is reused: copy what you keep
 *     f.problems();              // damage found, and how the PE ended if not FINALIZED
 * }
 * </pre>
 */
public final class TraceFile implements AutoCloseable {
    private final Path path;
    private final FileMapping mapping;
    private final long size;
    private final TraceHeader header;
    private final EventTable table;
    private final List<BlockHeader> blocks = new ArrayList<>();
    private final List<TraceProblem> problems = new ArrayList<>();
    private final TimeBase time;
    private final TraceEvent event = new TraceEvent();
    private final BlockDecoder decoder;
    private final PeTables tables = new PeTables();

    private TraceFile(Path path, FileChannel channel) throws IOException, TraceFormatException {
        this.path = path;
        this.size = channel.size();
        this.mapping = new FileMapping(channel, size);
        if (size < HEADER_SIZE) {
            throw new TraceFormatException(path, "not a shmemtrace trace: " + size + " bytes, shorter than a header");
        }
        this.header = readHeader(path, channel, size);
        this.table = readTable(channel);
        mapping.blocks(header.firstBlockOffset(), header.blockSize());
        findBlocks(channel);
        BlockHeader last = blocks.stream().max(Comparator.comparingLong(BlockHeader::openTicks)).orElse(null);
        this.time = new TimeBase(header, last == null ? 0 : last.openTicks(), last == null ? 0 : last.openMonoNs());
        noteHowItEnded();
        event.pe = header.pe();
        event.time = time;
        event.table = table;
        event.tables = tables;
        this.decoder = new BlockDecoder(table, event, header.callsites());
    }

    /**
     * Reads and checks only the header of a file, without mapping it: cheap enough for a first look at
     * thousands of files. Throws as {@link #open} does if it is not a trace.
     */
    public static TraceHeader readHeader(Path path) throws IOException, TraceFormatException {
        requireRegular(path);
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            return readHeader(path, channel, channel.size());
        }
    }

    private static void requireRegular(Path path) throws TraceFormatException {
        String why = InputFiles.notRegular(path);
        if (why != null) throw new TraceFormatException(path, why);
    }

    private static TraceHeader readHeader(Path path, FileChannel channel, long size) throws IOException, TraceFormatException {
        if (size < HEADER_SIZE) {
            throw new TraceFormatException(path, "not a shmemtrace trace: " + size + " bytes, shorter than a header");
        }
        return TraceHeader.read(path, readFully(channel, 0, HEADER_SIZE));
    }

    /** Small reads (header, event table) go through pread: cheaper than a mapping for a few hundred bytes. */
    private static ByteBuffer readFully(FileChannel channel, long offset, int length) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining() && channel.read(b, offset + b.position()) > 0) { }
        return b.flip();
    }

    /** Opens a file; throws {@link TraceFormatException} (a one-line message naming it) if it is not a trace. */
    public static TraceFile open(Path path) throws IOException, TraceFormatException {
        requireRegular(path);
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
    /** File size in bytes. */
    public long size() { return size; }

    /** The blocks that hold data (allocated but never written blocks are left out), in file order. */
    public List<BlockHeader> blocks() {
        return List.copyOf(blocks);
    }

    /** Indexes of the threads that have blocks in this file, ascending. */
    public int[] threads() {
        return blocks.stream().mapToInt(BlockHeader::thread).distinct().sorted().toArray();
    }

    /** Events decoded by {@link #read} so far, and the payload bytes they took. */
    public long eventsRead() { return decoder.eventsRead; }
    public long payloadBytes() { return decoder.payloadBytes; }

    /** The latest end time (units) of the events read so far, or Long.MIN_VALUE before any. */
    public long lastEndUnits() { return decoder.lastEndUnits; }

    /** The PE's region names (FORMAT.md, "Names"), numbered as its region records name them. */
    public List<String> regionNames() {
        return List.copyOf(tables.names());
    }

    /**
     * A profile's entries (SHMEMTRACE_MODE=profile; FORMAT.md, "Profiles"), per thread, function, region and call
     * site; empty for a trace. A profile's few events (init, finalize, calls its stubs did not take) are read as a
     * trace's.
     */
    public List<ProfileEntry> profile() {
        return tables.profile(table, time);
    }

    /** Per function, the calls the PE counted without recording them (paused, excluded), in event id order. */
    public List<UnrecordedCalls> unrecorded() {
        return tables.unrecorded(table);
    }

    /** Problems found so far: those of the header at open, those of the blocks once read. */
    public List<TraceProblem> problems() {
        return List.copyOf(problems);
    }

    /** An event table as stored, and decoded (an EventTable is immutable: files may share one). */
    private record DecodedTable(int major, int inflated, byte[] stored, EventTable table) {}

    private static volatile DecodedTable lastTable;

    private EventTable readTable(FileChannel channel) throws IOException, TraceFormatException {
        ByteBuffer h = readFully(channel, 0, HEADER_SIZE);
        long offset = Integer.toUnsignedLong(h.getInt(H_TABLE_OFFSET));
        long length = Integer.toUnsignedLong(h.getInt(H_TABLE_LENGTH));
        if (offset < HEADER_SIZE || offset + length > header.firstBlockOffset()) {
            throw new TraceFormatException(path, "damaged header (event table at " + offset + ", " + length
                    + " bytes, first block at " + header.firstBlockOffset() + ")");
        }
        if (offset + length > size) {
            throw new TraceFormatException(path, "event table runs past byte " + size + " (file cut short?)");
        }
        byte[] bytes = new byte[(int) length];
        readFully(channel, offset, bytes.length).get(bytes);
        if (crc32c(bytes, 0, bytes.length) != h.getInt(H_TABLE_CRC)) {
            throw new TraceFormatException(path, "damaged event table (checksum mismatch)");
        }
        // The PEs of a run carry the same table: the last one decoded is taken again when its bytes are these.
        DecodedTable last = lastTable;
        int inflated = h.getInt(H_TABLE_SIZE);
        if (last != null && last.major == header.versionMajor() && last.inflated == inflated
                && java.util.Arrays.equals(last.stored, bytes)) {
            return last.table;
        }
        try {
            // format 2 stores it deflated (io.shmemtrace.format.StoredTable), format 1 as it is
            byte[] table = header.versionMajor() >= 2
                    ? StoredTable.inflate(bytes, Integer.toUnsignedLong(h.getInt(H_TABLE_SIZE))) : bytes;
            EventTable decoded = EventTable.decode(table);
            lastTable = new DecodedTable(header.versionMajor(), inflated, bytes, decoded);
            return decoded;
        } catch (IllegalArgumentException e) {
            throw new TraceFormatException(path, "damaged event table: " + e.getMessage());
        }
    }

    private void findBlocks(FileChannel channel) throws IOException {
        long blockSize = header.blockSize();
        for (int i = 0; ; i++) {
            long offset = header.firstBlockOffset() + i * blockSize;
            if (offset >= size) {
                if (i < header.blocksAllocated()) {
                    problems.add(new TraceProblem(path, -1, size, "file ends at byte " + size + ": blocks " + i
                            + ".." + (header.blocksAllocated() - 1) + " of " + header.blocksAllocated() + " are missing",
                            TraceProblem.Kind.DAMAGE));
                }
                return;
            }
            long available = Math.min(blockSize, size - offset);
            if (available < BLOCK_HEADER) {
                damage(i, offset, "file ends at byte " + size + " inside the block header");
                return;
            }
            // The first bytes read, not mapped: a block never written may be a hole, whose pages a full file system
            // cannot give a mapping (a SIGBUS, thrown by the JVM later than any catch here could see).
            if (readFully(channel, offset, 4).getInt(0) == 0) continue; // allocated, never written: empty, not damage
            try {
                findBlock(i, offset, available);
            } catch (InternalError unreadable) {
                damage(i, offset, UNREADABLE + "; skipped");
            }
        }
    }

    /**
     * What a mapped read meets where the file's pages cannot be had (a hole a full file system cannot fill, a file
     * cut shorter while read): the JVM turns the SIGBUS into an InternalError, which every tool would die of.
     */
    private static final String UNREADABLE = "its pages cannot be read (a hole the file system could not fill, or the"
            + " file was cut shorter while read)";

    /** Block i, at offset, of available bytes: a side block read into the tables, an event block kept. */
    private void findBlock(int i, long offset, long available) throws IOException {
        FileMapping.Region w = mapping.windowOf(offset);
        ByteBuffer s = w.buffer();
        int at = (int) (offset - w.fileOffset());
        int magic = s.getInt(at);
        if (magic == 0) return; // allocated, never written: empty, not damage
        if (magic == NAMES_MAGIC_U32 || magic == COUNTS_MAGIC_U32 || magic == PROFILE_MAGIC_U32) {
            String problem = magic == NAMES_MAGIC_U32 ? tables.readNames(s, at, available)
                    : magic == COUNTS_MAGIC_U32 ? tables.readCounts(s, at, available, table)
                    : tables.readProfile(s, at, available, table, s.getShort(at + B_THREAD) & 0xFFFF);
            if (problem != null) damage(i, offset, problem + "; the rest of the block is skipped");
            return;
        }
        if (magic != BLOCK_MAGIC_U32) {
            damage(i, offset, "not a block (bad block magic); skipped");
            return;
        }
        blocks.add(BlockHeader.read(s, at, i, offset, available));
    }

    /** A PE that did not finalize is reported once for the file, with the unsealed blocks that implies. */
    private void noteHowItEnded() {
        if (header.state() != TraceState.FINALIZED) {
            long unsealed = blocks.stream().filter(b -> !b.sealed()).count();
            problems.add(new TraceProblem(path, -1, H_STATE, "PE " + header.pe() + " " + header.state().description()
                    + (unsealed == 0 ? "" : "; " + unsealed + " unsealed block" + (unsealed == 1 ? "" : "s")
                    + " read up to the last complete event"),
                    header.state() == TraceState.EXITED ? TraceProblem.Kind.NOTE : TraceProblem.Kind.INCOMPLETE));
        }
        if (header.droppedEvents() < 0) { // 2^63 or more: no writer counts that far (a damaged header)
            problems.add(new TraceProblem(path, -1, H_DROPPED, "damaged header (a count of calls not recorded of "
                    + Long.toUnsignedString(header.droppedEvents()) + ")", TraceProblem.Kind.DAMAGE));
        } else if (header.droppedEvents() > 0) {
            problems.add(header.capped()
                    ? new TraceProblem(path, -1, H_DROPPED, "the trace reached its size limit (SHMEMTRACE_MAX_BYTES): "
                            + header.droppedEvents() + " later calls were counted, not recorded", TraceProblem.Kind.INCOMPLETE)
                    : new TraceProblem(path, -1, H_DROPPED, header.droppedEvents() + " events were not recorded",
                            TraceProblem.Kind.DAMAGE));
        }
    }

    /** Decodes every event, per thread (ascending) in sequence order, into the visitor (one reused TraceEvent). */
    public void read(Consumer<TraceEvent> visitor) throws IOException {
        for (BlockHeader block : inOrder()) {
            readBlock(block, visitor);
        }
    }

    /**
     * Decodes events in the order of {@link #read} until found answers true: it is asked of each event up to that
     * one, and the reading stops at the end of that event's block (a first pass that needs the beginning of a
     * trace only). Returns whether it did.
     */
    public boolean readUntil(Predicate<TraceEvent> found) throws IOException {
        boolean[] seen = {false};
        Consumer<TraceEvent> visitor = e -> {
            if (!seen[0]) seen[0] = found.test(e);
        };
        for (BlockHeader block : inOrder()) {
            readBlock(block, visitor);
            if (seen[0]) return true;
        }
        return false;
    }

    private List<BlockHeader> inOrder() {
        List<BlockHeader> ordered = new ArrayList<>(blocks);
        ordered.sort(Comparator.comparingInt(BlockHeader::thread).thenComparingLong(BlockHeader::threadBlock)
                .thenComparingInt(BlockHeader::index));
        return ordered;
    }

    private void readBlock(BlockHeader b, Consumer<TraceEvent> visitor) throws IOException {
        BlockDecoder.Stop stop;
        Extent x;
        try {
            x = extent(b);
            if (x == null) return;
            stop = decoder.decode(x.store, x.start, x.limit, x.maxEvents, b, visitor);
        } catch (InternalError unreadable) {
            damage(b.index(), b.offset(), UNREADABLE + "; the rest of the block is skipped");
            return;
        }
        judge(b, x, stop);
    }

    /** Where a block's events are read from (store offsets), and at most how many. */
    private record Extent(ByteBuffer store, long windowOffset, long start, long limit, long maxEvents, boolean checked) {}

    /** The events of a block as they are to be read, or null when none are (the reason reported). */
    private Extent extent(BlockHeader b) throws IOException {
        FileMapping.Region w = mapping.windowOf(b.offset());
        long at = b.offset() - w.fileOffset();
        long payloadStart = at + BLOCK_HEADER;
        long maxPayload = header.blockSize() - BLOCK_HEADER;
        if (b.sealed() && b.length() <= maxPayload && BLOCK_HEADER + b.length() <= b.available()) {
            ByteBuffer payload = w.buffer().slice((int) payloadStart, (int) b.length());
            if (crc32c(payload) != b.crc()) {
                damage(b, "checksum mismatch; block skipped (" + b.count() + " events)");
                return null;
            }
            return new Extent(w.buffer(), w.fileOffset(), payloadStart, payloadStart + b.length(), b.count(), true);
        }
        // Unsealed, or sealed but its length is not all there: decode what is, up to the last complete event.
        long maxEvents = Long.MAX_VALUE;
        if (b.sealed() && b.length() > maxPayload) {
            damage(b, "damaged block header (length " + b.length() + "); reading its complete events");
        } else if (b.sealed()) {
            damage(b, "file ends at byte " + size + ", inside this sealed block; reading its complete events");
            maxEvents = b.count();
        } else if (!b.whole(header.blockSize())) {
            damage(b, "file ends at byte " + size + ", inside this block; reading its complete events");
        }
        return new Extent(w.buffer(), w.fileOffset(), payloadStart, at + b.available(), maxEvents, false);
    }

    /** What the way a block's decoding stopped says about the block. */
    private void judge(BlockHeader b, Extent x, BlockDecoder.Stop stop) {
        if (x.checked) {
            if (!reportStop(b, stop, x.windowOffset) && decoder.decoded != b.count()) {
                damage(b, "sealed block holds " + decoder.decoded + " events, its header says " + b.count());
            }
            return;
        }
        if (stop == BlockDecoder.Stop.OVERRUN && !b.whole(header.blockSize())) {
            return; // the event the file cut off, already reported
        }
        if (!reportStop(b, stop, x.windowOffset) && !b.sealed() && header.state() == TraceState.FINALIZED) {
            damage(b, "unsealed block in a finalized file; " + decoder.decoded + " events read up to the last complete one");
        }
    }

    /**
     * The events of {@link #read}, pulled one at a time ({@link Events#next}); window: payload bytes decoded from
     * at a time. The whole file is mapped and its descriptor closed first, so that a reader of thousands of traces
     * side by side holds no descriptor and a few KB of each. The file's other readers must not be used meanwhile.
     */
    public Events events(int window) throws IOException {
        mapping.detach();
        return new Events(window);
    }

    /** A pull reader of a trace's events ({@link #events}). */
    public final class Events {
        private final List<BlockHeader> order = inOrder();
        private final int window;
        private int nextBlock;
        private BlockHeader block;
        private Extent extent;

        private Events(int window) {
            this.window = window;
        }

        /** The next event (reused: copy what you keep), or null after the last. */
        public TraceEvent next() throws IOException {
            while (true) {
                if (block != null) {
                    BlockDecoder.Stop stop = decoder.next();
                    if (stop == null) return event;
                    judge(block, extent, stop);
                    block = null;
                }
                if (nextBlock == order.size()) return null;
                BlockHeader b = order.get(nextBlock++);
                extent = extent(b);
                if (extent == null) continue;
                block = b;
                decoder.begin(extent.store, extent.start, extent.limit, extent.maxEvents, b, window);
            }
        }
    }

    /** Reports a decode that stopped inside the data; true if it did. */
    private boolean reportStop(BlockHeader b, BlockDecoder.Stop stop, long windowOffset) {
        long at = windowOffset + decoder.stoppedAt;
        switch (stop) {
            case OVERRUN -> damage(b, "event at byte " + at + " runs past the end of the block; " + decoder.decoded
                    + " events read");
            case UNKNOWN_ID -> damage(b, "unknown event id " + decoder.unknownId + " at byte " + at
                    + "; the rest of the block is skipped");
            default -> {
                return false;
            }
        }
        return true;
    }

    private void damage(BlockHeader block, String message) {
        damage(block.index(), block.offset(), message);
    }

    private void damage(int block, long offset, String message) {
        problems.add(new TraceProblem(path, block, offset, message, TraceProblem.Kind.DAMAGE));
    }

    @Override
    public void close() throws IOException {
        mapping.close();
    }
}
