package io.shmemtrace.merged.read;

import io.shmemtrace.format.Escape;
import static io.shmemtrace.merged.format.MergedLayout.*;

import io.shmemtrace.format.Leb128;
import io.shmemtrace.format.sites.SiteKey;
import io.shmemtrace.format.sites.Symbolizer;
import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.format.AlignmentMethod;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A merged trace (merged-run/FORMAT.md), read task by task.
 *
 * <pre>
 * try (MergedFile f = MergedFile.open(path)) {
 *     for (PeEntry t : f.tasks()) f.read(t.task(), r -&gt; ...);   // r is reused: copy what you keep
 * }
 * </pre>
 */
public final class MergedFile implements AutoCloseable {
    private static final int BUFFER = 1 << 20;

    private final Path path;
    private final FileChannel channel;
    private final long size;
    private final MergedHeader header;
    private final List<PeEntry> tasks;
    private final List<PeSet> sets = new ArrayList<>();
    private final List<CallEntry> calls = new ArrayList<>();
    private final List<SiteKey> sites = new ArrayList<>();
    private final List<String> regionNames = new ArrayList<>();
    private final List<Host> hosts = new ArrayList<>();
    private final Map<String, String> siteBuildIds = new HashMap<>();
    /** Forward links too far for their u16 (TABLE_LINK), by (task, event). */
    private final Map<String, Long> farLinks = new HashMap<>();
    /** The header's checksums of the index and the tables; the tasks whose records matched theirs. */
    private int indexCrc, tablesCrc;
    private final java.util.BitSet sealed = new java.util.BitSet();

    /** Where the records are, when not in this file (null: here). */
    private RecordReader.Source records;

    private MergedFile(Path path, FileChannel channel) throws IOException, MergedFormatException {
        this.path = path;
        this.channel = channel;
        this.size = channel.size();
        this.header = readHeader();
        this.tasks = readIndex();
        readTables();
    }

    /**
     * The file's header, index and tables with records from elsewhere ({@link RecordReader.Source}): a file merged
     * without its records (a run directory read again task by task). Its readers are the source's.
     */
    public static MergedFile open(Path path, RecordReader.Source records) throws IOException, MergedFormatException {
        MergedFile f = open(path);
        f.records = records;
        return f;
    }

    /** Opens a merged trace; throws if it is not one, or if its header, index or tables are damaged. */
    public static MergedFile open(Path path) throws IOException, MergedFormatException {
        String why = io.shmemtrace.format.InputFiles.notRegular(path);
        if (why != null) throw new MergedFormatException(path, why);
        FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
        try {
            return new MergedFile(path, channel);
        } catch (IOException | MergedFormatException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** True if the file starts like a merged trace (magic at its place). */
    public static boolean looksLikeOne(Path path) {
        if (io.shmemtrace.format.InputFiles.notRegular(path) != null) return false;
        try (FileChannel c = FileChannel.open(path, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(H_MAGIC + MAGIC.length);
            c.read(b, 0);
            return b.position() == b.capacity() && Arrays.equals(Arrays.copyOfRange(b.array(), H_MAGIC, b.capacity()), MAGIC);
        } catch (IOException e) {
            return false;
        }
    }

    public Path path() { return path; }
    public MergedHeader header() { return header; }
    public List<PeEntry> tasks() { return tasks; }
    public List<PeSet> peSets() { return sets; }

    /** The hosts the PEs ran on, each with its PEs (as their trace headers named it). */
    public List<Host> hosts() { return hosts; }
    public List<CallEntry> calls() { return calls; }
    /** Whether records carry call sites (the per-PE traces were taken with SHMEMTRACE_CALLSITES). */
    public boolean hasCallsites() { return (header.flags() & FLAG_CALLSITES) != 0; }
    /** The site table: {@link RunRecord#site()} indexes it. */
    public List<SiteKey> sites() { return sites; }

    /** The program's region names (shmemtrace.h), indexed as region records name them. */
    public List<String> regionNames() { return regionNames; }

    /** Each site's name (function@file:line where the objects are still here), indexed like {@link #sites()}. */
    public List<String> siteNames(Consumer<String> notes) {
        return Symbolizer.names(sites, siteBuildIds, notes);
    }

    /** The build id of each object the sites are in, as the run recorded it. */
    public Map<String, String> siteBuildIds() {
        return siteBuildIds;
    }

    private ByteBuffer fill(long offset, int length, String what) throws IOException, MergedFormatException {
        if (offset < 0 || offset + length > size) {
            throw new MergedFormatException(path, what + " at byte " + offset + " runs past the end of the file (" + size
                    + " bytes; cut short?)");
        }
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (channel.read(b, offset + b.position()) < 0) throw new EOFException(path.toString());
        }
        return b.flip();
    }

    private MergedHeader readHeader() throws IOException, MergedFormatException {
        if (size < HEADER_SIZE) throw new MergedFormatException(path, "not a merged trace: " + size + " bytes, shorter than a header");
        ByteBuffer h = fill(0, HEADER_SIZE, "header");
        byte[] magic = new byte[MAGIC.length];
        h.get(H_MAGIC, magic);
        if (!Arrays.equals(magic, MAGIC)) throw new MergedFormatException(path, "not a shmem2psins merged trace (bad magic)");
        int version = h.get(H_VERSION) & 0xFF;
        if (version != VERSION) {
            throw new MergedFormatException(path, "merged trace version " + version + " is not supported (this reader: "
                    + VERSION + "): merge the run again");
        }
        if (crc(h, H_HEADER_CRC) != h.getInt(H_HEADER_CRC)) {
            throw new MergedFormatException(path, "damaged header (checksum mismatch)");
        }
        indexCrc = h.getInt(H_INDEX_CRC);
        tablesCrc = h.getInt(H_TABLES_CRC);
        byte[] run = new byte[RUN_ID_SIZE];
        h.get(H_RUN_ID, run);
        int n = 0;
        while (n < run.length && run[n] != 0) n++;
        int tasks = h.getInt(H_TASKS);
        if (tasks < 0 || indexOffset(tasks + 1) > size) {
            throw new MergedFormatException(path, "damaged header: " + tasks + " PEs do not fit in " + size + " bytes");
        }
        AlignmentMethod alignment = AlignmentMethod.of(h.get(H_ALIGNMENT));
        if (alignment == null) {
            throw new MergedFormatException(path, "damaged header: alignment code " + (h.get(H_ALIGNMENT) & 0xFF)
                    + " is none this reader knows");
        }
        return new MergedHeader(h.get(H_FLAGS) & 0xFF, version, tasks, h.getInt(H_MISSING), h.getLong(H_BASE_REAL_NS),
                alignment, h.getLong(H_BARRIER_SPREAD_NS), h.getLong(H_TABLES_OFFSET),
                h.getLong(H_EVENTS), h.getInt(H_MISMATCHES), h.getInt(H_UNPAIRED_LOCKS),
                Escape.text(new String(run, 0, n, StandardCharsets.US_ASCII)));
    }

    private List<PeEntry> readIndex() throws IOException, MergedFormatException {
        int n = header.tasks();
        // The count sizes what follows: checked against the limit and the file's length before anything is allocated.
        if (n < 0 || n > io.shmemtrace.format.Layout.MAX_PES || HEADER_SIZE + (n + 1L) * INDEX_ENTRY > size) {
            throw new MergedFormatException(path, "damaged header: " + Integer.toUnsignedString(n) + " PEs (at most "
                    + io.shmemtrace.format.Layout.MAX_PES + ", and an index that fits in the file's " + size + " bytes)");
        }
        ByteBuffer index = fill(HEADER_SIZE, (n + 1) * INDEX_ENTRY, "index");
        if (crc(index, index.capacity()) != indexCrc) throw new MergedFormatException(path, "damaged index (checksum mismatch)");
        List<PeEntry> list = new ArrayList<>(n);
        long dataStart = indexOffset(n + 1);
        for (int t = 0; t < n; t++) {
            int at = t * INDEX_ENTRY;
            PeEntry e = new PeEntry(t, index.getLong(at + I_OFFSET), index.getLong(at + I_RECORDS),
                    index.getDouble(at + I_SHIFT_S), index.get(at + I_STATE) & 0xFF, index.get(at + I_DAMAGED) != 0,
                    index.getShort(at + I_THREADS) & 0xFFFF, index.get(at + I_FLAGS) & 0xFF, index.getInt(at + I_CRC));
            if (e.offset() < dataStart || e.offset() > header.tablesOffset() || e.records() < 0) {
                throw new MergedFormatException(path, "damaged index: PE " + t + " at byte " + e.offset() + " with "
                        + e.records() + " records");
            }
            list.add(e);
        }
        return List.copyOf(list);
    }

    private void readTables() throws IOException, MergedFormatException {
        long at = header.tablesOffset();
        ByteBuffer end = fill(indexOffset(header.tasks()), INDEX_ENTRY, "index");
        long count = end.getLong(I_RECORDS);
        if (at != end.getLong(I_OFFSET) || at > size) {
            throw new MergedFormatException(path, "damaged header or index: tables at byte " + at + " / " + end.getLong(I_OFFSET));
        }
        ByteBuffer t = fill(at, (int) Math.min(size - at, Integer.MAX_VALUE - 8), "tables");
        if (crc(t, t.limit()) != tablesCrc) {
            throw new MergedFormatException(path, "damaged tables at byte " + at + " (checksum mismatch; cut short?)");
        }
        for (long i = 0; i < count; i++) {
            long recordAt = at + t.position();
            try {
                int kind = t.get() & 0xFF;
                if (kind == TABLE_PE_SET) {
                    sets.add(new PeSet(t.getInt(), t.getInt(), t.getInt(), t.getInt()));
                } else if (kind == TABLE_CALL) {
                    int index = t.getShort() & 0xFFFF;
                    RecordType type = RecordType.of(t.get() & 0xFF);
                    int flags = t.get() & 0xFF;
                    byte[] name = new byte[t.getShort() & 0xFFFF];
                    t.get(name);
                    if (type == null || index != calls.size()) throw new MergedFormatException(path, "damaged call table at byte " + recordAt);
                    calls.add(CallEntry.of(index, Escape.text(new String(name, StandardCharsets.UTF_8)), type, flags));
                } else if (kind == TABLE_SITE) {
                    int index = t.getInt();
                    long offset = t.getLong();
                    byte[] module = new byte[t.getShort() & 0xFFFF];
                    t.get(module);
                    byte[] id = new byte[t.getShort() & 0xFFFF];
                    t.get(id);
                    if (index != sites.size()) throw new MergedFormatException(path, "damaged site table at byte " + recordAt);
                    SiteKey site = new SiteKey(Escape.text(new String(module, StandardCharsets.UTF_8)), offset);
                    sites.add(site);
                    if (site.known()) siteBuildIds.putIfAbsent(site.module(), Escape.text(new String(id, StandardCharsets.US_ASCII)));
                } else if (kind == TABLE_HOST) {
                    int index = t.getInt();
                    byte[] name = new byte[t.getShort() & 0xFFFF];
                    t.get(name);
                    int members = t.getInt();
                    if (index != hosts.size() || members < 0 || members > header.tasks() || members > t.remaining() / 4) {
                        throw new MergedFormatException(path, "damaged host table at byte " + recordAt);
                    }
                    int[] pes = new int[members];
                    for (int m = 0; m < members; m++) {
                        pes[m] = t.getInt();
                        if (pes[m] < 0 || pes[m] >= header.tasks()) {
                            throw new MergedFormatException(path, "damaged host table at byte " + recordAt);
                        }
                    }
                    hosts.add(new Host(Escape.text(new String(name, StandardCharsets.UTF_8)), pes));
                } else if (kind == TABLE_NAME) {
                    int index = t.getInt();
                    byte[] name = new byte[t.getShort() & 0xFFFF];
                    t.get(name);
                    if (index != regionNames.size()) throw new MergedFormatException(path, "damaged name table at byte " + recordAt);
                    regionNames.add(Escape.text(new String(name, StandardCharsets.UTF_8)));
                } else if (kind == TABLE_LINK) {
                    farLinks.put(linkKey(t.getInt(), t.getLong()), t.getLong());
                } else {
                    throw new MergedFormatException(path, "damaged tables: record kind " + kind + " at byte " + recordAt);
                }
            } catch (java.nio.BufferUnderflowException e) {
                throw new MergedFormatException(path, "tables cut short at byte " + recordAt);
            }
        }
    }

    /** Every record of a task, copied: for tests and small traces. */
    public List<RunRecord> records(int task) throws IOException, MergedFormatException {
        List<RunRecord> list = new ArrayList<>();
        read(task, r -> list.add(r.copy()));
        return list;
    }

    /**
     * Reads every record of a task, in order, into the visitor: a CPU burst, then its event, for each event.
     * Throws at the first record that is not readable (cut short, unknown call); the records before it were
     * delivered.
     */
    public void read(int task, Consumer<RunRecord> visitor) throws IOException, MergedFormatException {
        RecordReader reader = reader(task, BUFFER);
        RunRecord event = new RunRecord();
        RunRecord burst = new RunRecord();
        burst.task = task;
        burst.type = RecordType.BURST;
        burst.event = -1;
        while (reader.next(event)) {
            burst.thread = event.thread;
            burst.duration = event.burstBefore;
            visitor.accept(burst);
            visitor.accept(event);
        }
    }

    /**
     * A task's events one at a time, for readers that interleave tasks (a replay): each reader holds a window
     * of bufferBytes of the file (at least a record's worth).
     */
    public RecordReader reader(int task, int bufferBytes) throws IOException, MergedFormatException {
        if (records != null) return records.reader(task, bufferBytes);
        PeEntry entry = tasks.get(task);
        long end = task + 1 < tasks.size() ? tasks.get(task + 1).offset() : header.tablesOffset();
        if (!sealed.get(task)) { // checked once: a replay reads a task more than once
            if (crc(channel, entry.offset(), end) != entry.crc()) {
                throw new MergedFormatException(path, "PE " + task + ": damaged records at bytes " + entry.offset()
                        + ".." + end + " (checksum mismatch)");
            }
            sealed.set(task);
        }
        // no larger than the task's records (a pass over 16,384 tasks a task at a time allocated 64 KB for each 8 KB)
        int window = (int) Math.min(bufferBytes, Math.max(0, end - entry.offset()));
        return new PeReader(task, new Window(entry.offset(), end, Math.max(window, 2 * MAX_RECORD)), entry);
    }

    /** Reads a task's events in order: {@link #next} fills a record with the next one. */
    public final class PeReader implements RecordReader {
        private final int task;
        private final Window in;
        private final PeEntry entry;
        private final boolean threaded;
        private final boolean callsites = hasCallsites();
        private final long[] lastAddress; // per call index, as the writer keeps them
        private final long[] lastBytes;
        /** Per PE set: the task's collectives on it so far (a record's instance number). */
        private final int[] instances = new int[sets.size()];
        private int lastThread = -1;
        private long lastEndNs;
        private long event;
        private final RegionNesting regions = new RegionNesting();

        private PeReader(int task, Window in, PeEntry entry) {
            this.task = task;
            this.in = in;
            this.entry = entry;
            this.threaded = (entry.flags() & TASK_THREADED) != 0;
            this.lastAddress = new long[calls.size()];
            this.lastBytes = new long[calls.size()];
        }

        /** The number the next event has in its task. */
        public long nextEvent() {
            return event;
        }

        /**
         * The next event into r, with {@link RunRecord#burstBefore()} the CPU burst before it; false after the
         * task's last. Throws at a record that is not readable (cut short, unknown call).
         */
        @Override
        public boolean next(RunRecord r) throws IOException, MergedFormatException {
            if (event >= entry.events()) return false;
            long at = in.position();
            try {
                in.need();
                long head = in.uvar(); // call << 2 | repeat << 1 | skew
                if ((head >>> 2) >= calls.size()) {
                    throw new MergedFormatException(path, "PE " + task + " event " + event + " at byte " + at
                            + ": unknown call " + (head >>> 2));
                }
                CallEntry call = calls.get((int) (head >>> 2));
                RecordType type = (head & 2) != 0 ? RecordType.REPEAT : call.type();
                int thread = threaded ? (int) in.uvar() : 0;
                if (thread != lastThread) {
                    lastThread = thread;
                    lastEndNs = 0;
                    regions.newThread();
                }
                long burstNs = in.uvar();
                long startNs = lastEndNs + burstNs + ((head & 1) != 0 ? in.svar() : 0);
                long durationNs = in.uvar();
                lastEndNs = startNs + durationNs;
                long site = callsites ? in.uvar() : 0;
                if (site > sites.size()) {
                    throw new MergedFormatException(path, "PE " + task + " event " + event + " at byte " + at
                            + ": unknown call site " + (site - 1));
                }
                r.event(task, event, call, type, thread, burstNs, startNs, entry.shiftSeconds(), durationNs, (int) site - 1,
                        regions.enclosing());
                int index = call.index();
                switch (type.payload()) { // the payload in the order of its bytes, into the record's setter
                    case RMA -> {
                        int target = (int) (task + in.svar());
                        long bytes = lastBytes[index] += in.svar();
                        boolean onContext = call.ctx() && in.u8() != 0;
                        int completion = call.deferred() ? forward(task, event, in.u16()) : (int) event;
                        long address = lastAddress[index] += in.svar();
                        r.rma(target, bytes, onContext, completion, address, type.signals() ? address + in.svar() : 0);
                    }
                    case QUIET -> r.quiet((int) in.uvar());
                    case COLLECTIVE -> {
                        int set = call.set() ? (int) in.uvar() : 0;
                        if (set >= sets.size()) {
                            throw new MergedFormatException(path, "PE " + task + " event " + event + " at byte " + at
                                    + ": unknown PE set " + set);
                        }
                        int root = call.root() ? (int) in.svar() : -1;
                        r.collective(set, root, call.bytes() ? lastBytes[index] += in.svar() : 0, instances[set]++);
                    }
                    case LOCK -> {
                        long lock = lastAddress[index] += in.svar();
                        int partner;
                        if (type == RecordType.CLEAR_LOCK) {
                            long back = in.uvar();
                            partner = back == 0 ? NO_EVENT : (int) (event - back);
                        } else {
                            partner = forward(task, event, in.u16());
                        }
                        r.lock(lock, partner, (int) in.svar());
                    }
                    case MEMORY -> {
                        long bytes = in.uvar();
                        r.memory(bytes, lastAddress[index] += in.svar());
                    }
                    case REPEAT -> r.repeat(in.uvar());
                    case REGION -> {
                        long name = in.uvar();
                        if (name >= regionNames.size()) {
                            throw new MergedFormatException(path, "PE " + task + " event " + event + ": unknown region name " + name);
                        }
                        r.region((int) name);
                    }
                    case SYNC -> {
                        long address = lastAddress[index] += in.svar();
                        int cmp = (int) in.svar();
                        long value = in.svar();
                        r.sync(address, cmp, value, call.bytes() ? in.uvar() : 0);
                    }
                    default -> { }
                }
            } catch (Leb128.Overrun e) {
                throw new MergedFormatException(path, "PE " + task + " event " + event + " at byte " + at
                        + " runs past the PE's records (cut short or damaged)");
            }
            regions.after(r.type, r.region);
            event++;
            return true;
        }
    }

    /** A forward link's event: 0 none, FAR_LINK in the link table, else event + delta. */
    private int forward(int task, long event, int delta) throws MergedFormatException {
        if (delta == 0) return NO_EVENT;
        if (delta != FAR_LINK) return (int) (event + delta);
        Long far = farLinks.get(linkKey(task, event));
        if (far == null) throw new MergedFormatException(path, "PE " + task + " event " + event + ": link table has no entry");
        return far.intValue();
    }

    private static String linkKey(int task, long event) {
        return task + ":" + event;
    }

    /** A task's record bytes, read through a 1 MiB window that slides along: never past the task's end. */
    private final class Window extends Leb128.Cursor {
        /** File offset of bytes[0], and of the task's end. */
        private long base;
        private final long limit;
        /** The array as the channel fills it (one per window: a replay of 16,384 tasks loads windows by the 100,000). */
        private final ByteBuffer filler;

        Window(long start, long limit, int bufferBytes) throws IOException {
            super(new byte[bufferBytes]);
            this.limit = Math.min(limit, size);
            this.filler = ByteBuffer.wrap(bytes);
            load(start);
        }

        long position() {
            return base + pos;
        }

        /** Makes sure a whole record is in the array: at least MAX_RECORD bytes, or all the task has left. */
        void need() throws IOException {
            if (end - pos >= MAX_RECORD || base + end >= limit) return;
            load(base + pos);
        }

        private void load(long at) throws IOException {
            int n = (int) Math.max(0, Math.min(bytes.length, limit - at));
            ByteBuffer b = filler.clear().limit(n);
            while (b.hasRemaining() && channel.read(b, at + b.position()) > 0) { }
            base = at;
            pos = 0;
            end = b.position();
        }

        int u16() throws Leb128.Overrun {
            return u8() | u8() << 8;
        }
    }

    @Override
    public void close() throws IOException {
        if (records != null) records.close();
        channel.close();
    }
}
