package io.shmemtrace.psins.read;

import static io.shmemtrace.psins.format.PsinsLayout.*;

import io.shmemtrace.psins.format.PsinsType;
import io.shmemtrace.psins.format.AlignmentMethod;
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
import java.util.List;
import java.util.function.Consumer;

/**
 * A merged trace (shmem2psins/FORMAT.md), read task by task.
 *
 * <pre>
 * try (PsinsFile f = PsinsFile.open(path)) {
 *     for (TaskEntry t : f.tasks()) f.read(t.task(), r -&gt; ...);   // r is reused: copy what you keep
 * }
 * </pre>
 */
public final class PsinsFile implements AutoCloseable {
    private static final int BUFFER = 1 << 20;

    private final Path path;
    private final FileChannel channel;
    private final long size;
    private final PsinsHeader header;
    private final List<TaskEntry> tasks;
    private final List<PeSet> sets = new ArrayList<>();
    private final List<CallEntry> calls = new ArrayList<>();
    private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER).order(ByteOrder.LITTLE_ENDIAN);
    /** File offset of buffer[0]. */
    private long bufferAt;

    private PsinsFile(Path path, FileChannel channel) throws IOException, PsinsFormatException {
        this.path = path;
        this.channel = channel;
        this.size = channel.size();
        this.buffer.limit(0);
        this.header = readHeader();
        this.tasks = readIndex();
        readTables();
    }

    /** Opens a merged trace; throws if it is not one, or if its header, index or tables are damaged. */
    public static PsinsFile open(Path path) throws IOException, PsinsFormatException {
        FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
        try {
            return new PsinsFile(path, channel);
        } catch (IOException | PsinsFormatException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** True if the file starts like a merged trace (magic at its place). */
    public static boolean looksLikeOne(Path path) {
        try (FileChannel c = FileChannel.open(path, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(H_MAGIC + MAGIC.length);
            c.read(b, 0);
            return b.position() == b.capacity() && Arrays.equals(Arrays.copyOfRange(b.array(), H_MAGIC, b.capacity()), MAGIC);
        } catch (IOException e) {
            return false;
        }
    }

    public Path path() { return path; }
    public PsinsHeader header() { return header; }
    public List<TaskEntry> tasks() { return tasks; }
    public List<PeSet> peSets() { return sets; }
    public List<CallEntry> calls() { return calls; }

    private ByteBuffer fill(long offset, int length, String what) throws IOException, PsinsFormatException {
        if (offset < 0 || offset + length > size) {
            throw new PsinsFormatException(path, what + " at byte " + offset + " runs past the end of the file (" + size
                    + " bytes; cut short?)");
        }
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (channel.read(b, offset + b.position()) < 0) throw new EOFException(path.toString());
        }
        return b.flip();
    }

    private PsinsHeader readHeader() throws IOException, PsinsFormatException {
        if (size < HEADER_SIZE) throw new PsinsFormatException(path, "not a merged trace: " + size + " bytes, shorter than a header");
        ByteBuffer h = fill(0, HEADER_SIZE, "header");
        byte[] magic = new byte[MAGIC.length];
        h.get(H_MAGIC, magic);
        if (!Arrays.equals(magic, MAGIC)) throw new PsinsFormatException(path, "not a shmem2psins merged trace (bad magic)");
        int version = h.get(H_VERSION) & 0xFF;
        if (version != VERSION) {
            throw new PsinsFormatException(path, "merged trace version " + version + " is not supported (this reader: " + VERSION + ")");
        }
        byte[] run = new byte[RUN_ID_SIZE];
        h.get(H_RUN_ID, run);
        int n = 0;
        while (n < run.length && run[n] != 0) n++;
        int tasks = h.getInt(H_TASKS);
        if (tasks < 0 || indexOffset(tasks + 1) > size) {
            throw new PsinsFormatException(path, "damaged header: " + tasks + " tasks do not fit in " + size + " bytes");
        }
        return new PsinsHeader(h.get(H_FLAGS) & 0xFF, version, tasks, h.getInt(H_MISSING), h.getLong(H_BASE_REAL_NS),
                AlignmentMethod.of(h.get(H_ALIGNMENT)), h.getLong(H_BARRIER_SPREAD_NS), h.getLong(H_TABLES_OFFSET),
                h.getLong(H_EVENTS), h.getInt(H_MISMATCHES), h.getInt(H_UNPAIRED_LOCKS),
                new String(run, 0, n, StandardCharsets.US_ASCII));
    }

    private List<TaskEntry> readIndex() throws IOException, PsinsFormatException {
        int n = header.tasks();
        ByteBuffer index = fill(HEADER_SIZE, (n + 1) * INDEX_ENTRY, "index");
        List<TaskEntry> list = new ArrayList<>(n);
        long dataStart = indexOffset(n + 1);
        for (int t = 0; t < n; t++) {
            int at = t * INDEX_ENTRY;
            TaskEntry e = new TaskEntry(t, index.getLong(at + I_OFFSET), index.getLong(at + I_RECORDS),
                    index.getDouble(at + I_SHIFT_S), index.get(at + I_STATE) & 0xFF, index.get(at + I_DAMAGED) != 0,
                    index.getShort(at + I_THREADS) & 0xFFFF);
            if (e.offset() < dataStart || e.offset() > header.tablesOffset() || e.records() < 0) {
                throw new PsinsFormatException(path, "damaged index: task " + t + " at byte " + e.offset() + " with "
                        + e.records() + " records");
            }
            list.add(e);
        }
        return List.copyOf(list);
    }

    private void readTables() throws IOException, PsinsFormatException {
        long at = header.tablesOffset();
        ByteBuffer end = fill(indexOffset(header.tasks()), INDEX_ENTRY, "index");
        long count = end.getLong(I_RECORDS);
        if (at != end.getLong(I_OFFSET) || at > size) {
            throw new PsinsFormatException(path, "damaged header or index: tables at byte " + at + " / " + end.getLong(I_OFFSET));
        }
        ByteBuffer t = fill(at, (int) Math.min(size - at, Integer.MAX_VALUE - 8), "tables");
        for (long i = 0; i < count; i++) {
            long recordAt = at + t.position();
            try {
                int kind = t.get() & 0xFF;
                if (kind == TABLE_PE_SET) {
                    sets.add(new PeSet(t.getInt(), t.getInt(), t.getInt(), t.getInt()));
                } else if (kind == TABLE_CALL) {
                    int index = t.getShort() & 0xFFFF;
                    PsinsType type = PsinsType.of(t.get() & 0xFF);
                    byte[] name = new byte[t.getShort() & 0xFFFF];
                    t.get(name);
                    if (type == null || index != calls.size()) throw new PsinsFormatException(path, "damaged call table at byte " + recordAt);
                    calls.add(new CallEntry(index, new String(name, StandardCharsets.UTF_8), type));
                } else {
                    throw new PsinsFormatException(path, "damaged tables: record kind " + kind + " at byte " + recordAt);
                }
            } catch (java.nio.BufferUnderflowException e) {
                throw new PsinsFormatException(path, "tables cut short at byte " + recordAt);
            }
        }
    }

    /** Every record of a task, copied: for tests and small traces. */
    public List<PsinsRecord> records(int task) throws IOException, PsinsFormatException {
        List<PsinsRecord> list = new ArrayList<>();
        read(task, r -> list.add(r.copy()));
        return list;
    }

    /**
     * Reads every record of a task, in order, into the visitor. Throws at the first record that is not
     * readable (cut short, unknown type, wrong task); the records before it were delivered.
     */
    public void read(int task, Consumer<PsinsRecord> visitor) throws IOException, PsinsFormatException {
        TaskEntry entry = tasks.get(task);
        PsinsRecord r = new PsinsRecord();
        r.task = task;
        long at = entry.offset();
        long event = 0;
        for (long i = 0; i < entry.records(); i++) {
            ByteBuffer b = window(at, "task " + task + " record " + i);
            int start = b.position();
            PsinsType type = PsinsType.of(b.get() & 0xFF);
            int owner = b.getInt();
            if (type == null || owner != task) {
                throw new PsinsFormatException(path, "task " + task + " record " + i + " at byte " + at + ": "
                        + (type == null ? "unknown type 0x" + Integer.toHexString(b.get(start) & 0xFF) : "belongs to task " + owner));
            }
            r.type = type;
            if (type == PsinsType.BURST) {
                r.event = -1;
                r.call = null;
                r.start = 0;
                r.duration = b.getDouble();
            } else {
                r.event = event++;
                int call = b.getShort() & 0xFFFF;
                if (call >= calls.size()) throw new PsinsFormatException(path, "task " + task + " record " + i + ": unknown call " + call);
                r.call = calls.get(call);
                r.thread = b.getShort() & 0xFFFF;
                payload(b, r);
                r.start = b.getDouble() + entry.shiftSeconds();
                r.duration = b.getDouble();
            }
            at += b.position() - start;
            visitor.accept(r);
        }
    }

    private static void payload(ByteBuffer b, PsinsRecord r) {
        r.repeats = 0;
        switch (r.type.payload()) {
            case RMA -> {
                r.target = b.getInt();
                r.bytes = b.getLong();
                r.flags = b.get() & 0xFF;
                r.completion = b.getInt();
            }
            case QUIET -> r.completed = b.getInt();
            case COLLECTIVE -> {
                r.set = b.getInt();
                r.root = b.getInt();
                r.bytes = b.getLong();
                r.instance = b.getInt();
            }
            case LOCK -> {
                r.lock = b.getLong();
                r.partner = b.getInt();
                r.result = b.getInt();
            }
            case MEMORY -> r.bytes = b.getLong();
            case REPEAT -> r.repeats = b.getLong();
            default -> { }
        }
    }

    /** The buffer, positioned at file offset at, holding a whole record (or the file's rest). */
    private ByteBuffer window(long at, String what) throws IOException, PsinsFormatException {
        long end = bufferAt + buffer.limit();
        if (at < bufferAt || at + MAX_RECORD > end && end < size) {
            buffer.clear();
            bufferAt = at;
            while (buffer.hasRemaining() && channel.read(buffer, bufferAt + buffer.position()) > 0) { }
            buffer.flip();
        }
        int pos = (int) (at - bufferAt);
        int type = pos < buffer.limit() ? buffer.get(pos) & 0xFF : -1;
        PsinsType t = PsinsType.of(type);
        int need = t == null ? RECORD_HEAD : t.recordSize();
        if (pos + need > buffer.limit()) {
            throw new PsinsFormatException(path, what + " at byte " + at + " runs past the end of the file (" + size + " bytes; cut short?)");
        }
        return buffer.position(pos);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
