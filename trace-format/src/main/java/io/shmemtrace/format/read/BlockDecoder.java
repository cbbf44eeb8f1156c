package io.shmemtrace.format.read;

import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.FieldKind;
import io.shmemtrace.format.Leb128;
import io.shmemtrace.format.Operation;
import java.util.function.Consumer;
import java.nio.ByteBuffer;

/**
 * Decodes the payload of one block (FORMAT.md, "Events") into one reused {@link TraceEvent}: no allocation
 * per event. Says why it stopped; what that means for the block is the caller's to judge.
 */
final class BlockDecoder {
    enum Stop {
        /** Decoded as many events as asked for. */
        COUNT,
        /** A 0 byte where an event would start: the end of the payload. */
        ZERO,
        /** The limit came exactly between two events. */
        LIMIT,
        /** An event runs past the limit. */
        OVERRUN,
        /** An event id the table does not have: the bytes after it cannot be parsed. */
        UNKNOWN_ID
    }

    /** The codes of {@link #encodings}. */
    private static final byte UVAR = 0;
    private static final byte SVAR = 1;
    private static final byte ADDRESS_DELTA = 2;
    private static final byte CTX_DELTA = 3;

    private final EventTable table;
    private final TraceEvent event;
    private final PayloadCursor cursor = new PayloadCursor();
    /** Events decoded by the last call, and where (offset in the store) the event it stopped at begins. */
    long decoded;
    long stoppedAt;
    int unknownId;
    /** Totals over all calls. */
    long eventsRead;
    long payloadBytes;
    long lastEndUnits = Long.MIN_VALUE;

    /**
     * Field encodings per event id, as the byte codes below: what the inner loop switches on, without a list and
     * two lookups a field (a switch on the enum itself would load its ordinal and a switch map per field).
     */
    private final byte[][] encodings;

    /** Events carry a call site after their duration. */
    private final boolean callsites;

    BlockDecoder(EventTable table, TraceEvent event, boolean callsites) {
        this.table = table;
        this.callsites = callsites;
        this.event = event;
        this.encodings = encodings(table);
    }

    /** A table's encodings, and the last table's (a run's PEs share one table: thousands of files open at once too). */
    private record Encodings(EventTable table, byte[][] codes) {}

    private static volatile Encodings last;

    private static byte[][] encodings(EventTable table) {
        Encodings e = last;
        if (e != null && e.table == table) return e.codes;
        byte[][] encodings = new byte[table.idLimit()][];
        for (EventDef d : table.events()) {
            byte[] codes = new byte[d.fields().size()];
            for (int f = 0; f < codes.length; f++) {
                codes[f] = switch (d.fields().get(f).kind().encoding()) {
                    case UVAR -> UVAR;
                    case SVAR -> SVAR;
                    case ADDRESS_DELTA -> ADDRESS_DELTA;
                    case CTX_DELTA -> CTX_DELTA;
                };
            }
            encodings[d.id()] = codes;
        }
        last = new Encodings(table, encodings);
        return encodings;
    }

    /** Decodes the events in [start, limit) of the store, at most maxEvents of them. */
    Stop decode(ByteBuffer store, long start, long limit, long maxEvents, BlockHeader block,
                Consumer<TraceEvent> visitor) {
        begin(store, start, limit, maxEvents, block, 0);
        return counted(decodeEvents(maxEvents, visitor));
    }

    // --- a block's state between calls: a pull reader decodes an event per call, and keeps several decoders apart
    private ByteBuffer store;
    private long start;
    private long limit;
    private long maxEvents;
    private BlockHeader block;
    /** Payload bytes copied out at a time; 0: the whole payload at once. */
    private int window;
    /** Where the copied window ends in the store. */
    private long windowEnd;
    private long previousEnd;
    private long lastAddress;
    private long lastCtx;
    private long lastSite;
    private EventDef previous;

    /**
     * Starts decoding the events in [start, limit) of the store, at most maxEvents of them, one per {@link #next};
     * window: payload bytes copied out at a time (0: all of it), so that many decoders open at once hold a few KB
     * each rather than a block each.
     */
    void begin(ByteBuffer store, long start, long limit, long maxEvents, BlockHeader block, int window) {
        this.store = store;
        this.start = start;
        this.limit = limit;
        this.maxEvents = maxEvents;
        this.block = block;
        this.window = window;
        copy(start, window);
        event.thread = block.thread();
        previousEnd = block.baseTime();
        lastAddress = 0;
        lastCtx = 0;
        lastSite = 0;
        previous = null;
        decoded = 0;
    }

    /** Copies the payload from position on: the rest of it, or bytes of it when it is longer. */
    private void copy(long position, int bytes) {
        windowEnd = bytes == 0 ? limit : Math.min(limit, position + bytes);
        cursor.reset(store, position, windowEnd);
    }

    /**
     * Decodes the next event into the event; null if it did, else why it stopped (then the block's totals are
     * counted: the events decoded end where the one it stopped at begins, and times only grow within a block).
     */
    Stop next() {
        if (decoded >= maxEvents) return counted(Stop.COUNT);
        if (windowEnd < limit && cursor.remaining() < window / 2) copy(cursor.position(), window); // the next event fits
        while (true) {
            Stop stop = decodeEvents(decoded + 1, null);
            if (stop == Stop.COUNT) return null; // the one event asked for
            if (stop != Stop.OVERRUN || windowEnd >= limit) return counted(stop);
            // an event longer than half the window: again from its start, with a window twice as long
            window *= 2;
            copy(stoppedAt, window);
        }
    }

    /** The block's totals, once it stops. */
    private Stop counted(Stop stop) {
        eventsRead += decoded;
        payloadBytes += stoppedAt - start;
        if (decoded > 0) lastEndUnits = Math.max(lastEndUnits, event.endUnits);
        return stop;
    }

    /**
     * Decodes events into the visitor (null: none) until decoded reaches until, or the block stops; the state lives
     * in locals meanwhile (the inner loop of every reader), taken from the fields and left there as of the last
     * event decoded whole.
     */
    private Stop decodeEvents(long until, Consumer<TraceEvent> visitor) {
        long previousEnd = this.previousEnd;
        long lastAddress = this.lastAddress;
        long lastCtx = this.lastCtx;
        long lastSite = this.lastSite;
        EventDef previous = this.previous;
        long[] values = event.values;
        Stop stop;
        while (true) {
            stoppedAt = cursor.position();
            if (decoded >= until) {
                stop = Stop.COUNT;
                break;
            }
            if (cursor.atEnd()) {
                stop = Stop.LIMIT;
                break;
            }
            if (cursor.peek() == 0) {
                stop = Stop.ZERO;
                break;
            }
            long address = lastAddress, ctx = lastCtx, site = lastSite; // as of the event's start, should it not fit
            try {
                long id = cursor.uvar() - 1;
                EventDef def = id < 0 || id > Integer.MAX_VALUE ? null : table.byId((int) id);
                if (def == null || (def.operation() == Operation.REPEAT && previous == null)) {
                    unknownId = (int) id; // a repeat with no event before it in the block cannot be read either
                    stop = Stop.UNKNOWN_ID;
                    break;
                }
                long begin = previousEnd + cursor.uvar();
                long end = begin + cursor.uvar();
                if (def.operation() == Operation.REPEAT) {
                    // The fields stay the repeated event's: count and time go to their own slots.
                    event.repeats = cursor.uvar();
                    event.repeatCallsUnits = cursor.uvar();
                    event.def = previous;
                } else {
                    if (callsites) event.callsite = lastSite += cursor.svar();
                    byte[] fields = encodings[(int) id];
                    for (int f = 0; f < fields.length; f++) {
                        values[f] = switch (fields[f]) {
                            case UVAR -> cursor.uvar();
                            case SVAR -> cursor.svar();
                            case ADDRESS_DELTA -> lastAddress += cursor.svar();
                            default -> lastCtx += cursor.svar(); // CTX_DELTA
                        };
                    }
                    event.repeats = 0;
                    event.def = previous = def;
                }
                event.seq = block.firstSeq() + decoded;
                event.burstUnits = begin - previousEnd;
                event.startUnits = begin;
                event.endUnits = end;
                previousEnd = end;
            } catch (Leb128.Overrun e) {
                lastAddress = address;
                lastCtx = ctx;
                lastSite = site;
                stop = Stop.OVERRUN;
                break;
            }
            decoded++;
            if (visitor != null) visitor.accept(event);
        }
        this.previousEnd = previousEnd;
        this.lastAddress = lastAddress;
        this.lastCtx = lastCtx;
        this.lastSite = lastSite;
        this.previous = previous;
        return stop;
    }
}
