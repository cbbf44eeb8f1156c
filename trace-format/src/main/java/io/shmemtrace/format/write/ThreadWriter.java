package io.shmemtrace.format.write;

import static io.shmemtrace.format.Layout.*;

import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.FieldKind;
import io.shmemtrace.format.Leb128;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.MappedByteBuffer;

/**
 * The events of one thread, written into blocks of its own (FORMAT.md, "Blocks" and "Events"). One thread
 * writes through it; the file's close may seal its block from another thread at any moment. For that, each
 * event publishes how far the block is written (a release store: no fence on the hot path) and sealing is
 * done under this object's lock with what was published: an event being written while the file closes is
 * left out, never cut in half. A block is sealed when the next event does not fit, or by {@link #seal()}.
 */
public final class ThreadWriter {
    private static final VarHandle COMMITTED;
    private static final VarHandle SCRATCH_WORD =
            MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    static {
        try {
            COMMITTED = MethodHandles.lookup().findVarHandle(ThreadWriter.class, "committed", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final TraceWriter file;
    private final int index;
    private final EventTable table;
    private final int blockSize;
    /** One encoded event: id, burst, duration and up to 255 fields. */
    private final byte[] scratch = new byte[(3 + 255) * MAX_VARINT];

    /** The open block; read and set under this object's lock except by the owning thread's fast path. */
    private MappedByteBuffer block;
    /** Events in the block (high 32 bits) and payload end (low 32 bits), as of the last whole event. */
    @SuppressWarnings("unused") // through COMMITTED
    private long committed;
    private int threadBlock;
    private int position;
    private int count;
    private long seq;
    /** End of the previous event (units): bursts count from it; the first block's base_time at the start. */
    private long previousEnd;
    private long lastAddress;
    private long lastCtx;
    /** What encode() leaves, committed with the event. */
    private long encodedAddress;
    private long encodedCtx;
    private FieldKind.Encoding[][] encodingsById = new FieldKind.Encoding[0][];

    ThreadWriter(TraceWriter file, int index, long baseTime, EventTable table, int blockSize) {
        this.file = file;
        this.index = index;
        this.table = table;
        this.blockSize = blockSize;
        this.previousEnd = baseTime;
    }

    public int index() {
        return index;
    }

    /** Events written so far: the sequence number the next event gets. */
    public long seq() {
        return seq;
    }

    /**
     * Records one call. Times are in units (ticks &gt;&gt; tick_shift), clamped as FORMAT.md requires: a start
     * before the previous end becomes that end, an end before the start becomes the start. The values are
     * the event's fields in table order; addresses as their 64-bit bit patterns.
     */
    public void event(int eventId, long startUnits, long endUnits, long... fieldValues) {
        FieldKind.Encoding[] encodings = encodings(eventId, fieldValues.length);
        long start = Math.max(startUnits, previousEnd);
        long end = Math.max(endUnits, start);
        MappedByteBuffer b = block;
        if (b == null && (b = open()) == null) { // the file is closed, or at its size limit: not recorded
            file.noBlock();
            return;
        }
        int length = encode(eventId, encodings, start, end, fieldValues);
        if (position + length > blockSize) {
            seal();
            if ((b = open()) == null) {
                file.noBlock();
                return;
            }
            length = encode(eventId, encodings, start, end, fieldValues); // address deltas restart in a new block
        }
        if (position + length > blockSize) {
            throw new IllegalArgumentException(table.byId(eventId).name() + " needs " + length
                    + " bytes, more than a block holds");
        }
        store(b, length);
        position += length;
        count++;
        COMMITTED.setRelease(this, (long) count << 32 | position);
        seq++;
        previousEnd = end;
        lastAddress = encodedAddress;
        lastCtx = encodedCtx;
    }

    /**
     * Puts the encoded event into the block so that a reader never meets half of it: most events fit in one
     * 8-byte store (the bytes past the event are the block's zeros again); longer ones go first byte last, as
     * the C writer does.
     */
    private void store(MappedByteBuffer block, int length) {
        if (length <= Long.BYTES && position + Long.BYTES <= blockSize) {
            // scratch's first 8 bytes as one little-endian word, the bytes past the event cleared
            long word = (long) SCRATCH_WORD.get(scratch, 0) & (-1L >>> (8 * (Long.BYTES - length)));
            block.putLong(position, word);
            return;
        }
        for (int i = 1; i < length; i++) block.put(position + i, scratch[i]);
        block.put(position, scratch[0]);
    }

    /** The encodings of an event's fields, checked against the values given, cached per id. */
    private FieldKind.Encoding[] encodings(int eventId, int values) {
        FieldKind.Encoding[] e = eventId >= 0 && eventId < encodingsById.length ? encodingsById[eventId] : null;
        if (e == null) {
            EventDef def = table.byId(eventId);
            if (def == null) throw new IllegalArgumentException("event id " + eventId + " is not in the event table");
            e = def.fields().stream().map(f -> f.kind().encoding()).toArray(FieldKind.Encoding[]::new);
            if (eventId >= encodingsById.length) encodingsById = java.util.Arrays.copyOf(encodingsById, eventId + 1);
            encodingsById[eventId] = e;
        }
        if (values != e.length) {
            throw new IllegalArgumentException(table.byId(eventId).name() + " has " + e.length + " fields, got " + values);
        }
        return e;
    }

    /** Encodes into scratch; the address and context it leaves are committed once the event is in the block. */
    private int encode(int eventId, FieldKind.Encoding[] encodings, long start, long end, long[] values) {
        int p = Leb128.putUnsigned(scratch, 0, eventId + 1L);
        p = Leb128.putUnsigned(scratch, p, start - previousEnd);
        p = Leb128.putUnsigned(scratch, p, end - start);
        long address = lastAddress;
        long ctx = lastCtx;
        for (int i = 0; i < values.length; i++) {
            long v = values[i];
            switch (encodings[i]) {
                case UVAR -> p = Leb128.putUnsigned(scratch, p, v);
                case SVAR -> p = Leb128.putUnsigned(scratch, p, Leb128.zigzag(v));
                case ADDRESS_DELTA -> {
                    p = Leb128.putUnsigned(scratch, p, Leb128.zigzag(v - address));
                    address = v;
                }
                case CTX_DELTA -> {
                    p = Leb128.putUnsigned(scratch, p, Leb128.zigzag(v - ctx));
                    ctx = v;
                }
            }
        }
        encodedAddress = address;
        encodedCtx = ctx;
        return p;
    }

    /** Opens the next block; null when the file is closed (a block handed out meanwhile stays zeros: empty). */
    private MappedByteBuffer open() {
        MappedByteBuffer b = file.allocateBlock(); // takes the file's lock: never while holding this one
        if (b == null) return null;
        TraceClock clock = file.clock();
        synchronized (this) {
            if (file.isClosed()) return null;
            b.putInt(0, BLOCK_MAGIC_U32);
            b.putShort(B_THREAD, (short) index);
            b.putShort(B_FLAGS, (short) 0);
            b.putInt(B_THREAD_BLOCK, threadBlock++);
            b.putLong(B_FIRST_SEQ, seq);
            b.putLong(B_BASE_TIME, previousEnd);
            b.putLong(B_OPEN_TICKS, clock.ticks());
            b.putLong(B_OPEN_MONO, clock.monoNs());
            position = BLOCK_HEADER;
            count = 0;
            lastAddress = 0;
            lastCtx = 0;
            COMMITTED.setRelease(this, (long) BLOCK_HEADER);
            block = b;
        }
        return b;
    }

    /** Seals the current block, if any, with every whole event written into it; the next event opens a new one. */
    public synchronized void seal() {
        MappedByteBuffer b = block;
        if (b == null) return;
        long c = (long) COMMITTED.getAcquire(this);
        int length = (int) c - BLOCK_HEADER;
        b.putInt(B_LENGTH, length);
        b.putInt(B_COUNT, (int) (c >>> 32));
        b.putInt(B_CRC, crc32c(b.slice(BLOCK_HEADER, length)));
        b.putShort(B_FLAGS, (short) BLOCK_SEALED); // last: length, count and crc are valid from here on
        block = null;
    }
}
