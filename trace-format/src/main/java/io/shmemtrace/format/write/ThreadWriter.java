package io.shmemtrace.format.write;

import static io.shmemtrace.format.Layout.*;

import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.FieldDef;
import io.shmemtrace.format.Leb128;
import java.nio.MappedByteBuffer;
import java.util.List;

/**
 * The events of one thread, written into blocks of its own (FORMAT.md, "Blocks" and "Events"). Not thread
 * safe: one thread writes through it. A block is sealed when the next event does not fit, or by
 * {@link #seal()} / the file's close.
 */
public final class ThreadWriter {
    private final TraceWriter file;
    private final int index;
    private final EventTable table;
    private final int blockSize;
    /** One encoded event: id, burst, duration and up to 255 fields. */
    private final byte[] scratch = new byte[(3 + 255) * MAX_VARINT];

    private MappedByteBuffer block;
    private int threadBlock;
    private int position;
    private int count;
    private long seq;
    /** End of the previous event (units): bursts count from it; the first block's base_time at the start. */
    private long previousEnd;
    private long lastAddress;
    private long lastCtx;

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
        EventDef def = table.byId(eventId);
        if (def == null) throw new IllegalArgumentException("event id " + eventId + " is not in the event table");
        if (fieldValues.length != def.fields().size()) {
            throw new IllegalArgumentException(def.name() + " has " + def.fields().size() + " fields, got "
                    + fieldValues.length);
        }
        long start = Math.max(startUnits, previousEnd);
        long end = Math.max(endUnits, start);
        if (block == null) open();
        int length = encode(def, start, end, fieldValues);
        if (position + length > blockSize) {
            seal();
            open();
            length = encode(def, start, end, fieldValues); // address deltas restart in a new block
        }
        if (position + length > blockSize) {
            throw new IllegalArgumentException(def.name() + " needs " + length + " bytes, more than a block holds");
        }
        // First byte last, as the C writer does: a reader never meets half an event.
        block.put(position + 1, scratch, 1, length - 1);
        block.put(position, scratch[0]);
        position += length;
        count++;
        seq++;
        previousEnd = end;
        commitDeltas(def, fieldValues);
    }

    private int encode(EventDef def, long start, long end, long[] values) {
        int p = Leb128.putUnsigned(scratch, 0, def.id() + 1L);
        p = Leb128.putUnsigned(scratch, p, start - previousEnd);
        p = Leb128.putUnsigned(scratch, p, end - start);
        long address = lastAddress;
        long ctx = lastCtx;
        List<FieldDef> fields = def.fields();
        for (int i = 0; i < values.length; i++) {
            long v = values[i];
            switch (fields.get(i).kind().encoding()) {
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
        return p;
    }

    /** After an event is in the block, its addresses become the bases of the next deltas. */
    private void commitDeltas(EventDef def, long[] values) {
        List<FieldDef> fields = def.fields();
        for (int i = 0; i < values.length; i++) {
            switch (fields.get(i).kind().encoding()) {
                case ADDRESS_DELTA -> lastAddress = values[i];
                case CTX_DELTA -> lastCtx = values[i];
                default -> { }
            }
        }
    }

    private void open() {
        block = file.allocateBlock();
        TraceClock clock = file.clock();
        block.putInt(0, BLOCK_MAGIC);
        block.putShort(B_THREAD, (short) index);
        block.putShort(B_FLAGS, (short) 0);
        block.putInt(B_THREAD_BLOCK, threadBlock++);
        block.putLong(B_FIRST_SEQ, seq);
        block.putLong(B_BASE_TIME, previousEnd);
        block.putLong(B_OPEN_TICKS, clock.ticks());
        block.putLong(B_OPEN_MONO_NS, clock.monoNs());
        position = BLOCK_HEADER;
        count = 0;
        lastAddress = 0;
        lastCtx = 0;
    }

    /** Seals the current block, if any (thread exit); the next event opens a new one. */
    public void seal() {
        if (block == null) return;
        int length = position - BLOCK_HEADER;
        block.putInt(B_LENGTH, length);
        block.putInt(B_COUNT, count);
        block.putInt(B_CRC, crc32c(block.slice(BLOCK_HEADER, length)));
        block.putShort(B_FLAGS, (short) BLOCK_SEALED); // last: length, count and crc are valid from here on
        block = null;
    }
}
