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
        this.encodings = new byte[table.idLimit()][];
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
    }

    /** Decodes the events in [start, limit) of the store, at most maxEvents of them. */
    Stop decode(ByteBuffer store, long start, long limit, long maxEvents, BlockHeader block,
                Consumer<TraceEvent> visitor) {
        Stop stop = decodeEvents(store, start, limit, maxEvents, block, visitor);
        // Totals once per block, not per event: the events decoded end where the one it stopped at begins, and
        // times only grow within a block.
        eventsRead += decoded;
        payloadBytes += stoppedAt - start;
        if (decoded > 0) lastEndUnits = Math.max(lastEndUnits, event.endUnits);
        return stop;
    }

    private Stop decodeEvents(ByteBuffer store, long start, long limit, long maxEvents, BlockHeader block,
                              Consumer<TraceEvent> visitor) {
        cursor.reset(store, start, limit);
        event.thread = block.thread();
        long previousEnd = block.baseTime();
        long lastAddress = 0;
        long lastCtx = 0;
        long lastSite = 0;
        EventDef previous = null;
        decoded = 0;
        long[] values = event.values;
        while (true) {
            stoppedAt = cursor.position();
            if (decoded >= maxEvents) return Stop.COUNT;
            if (cursor.atEnd()) return Stop.LIMIT;
            if (cursor.peek() == 0) return Stop.ZERO;
            try {
                long id = cursor.uvar() - 1;
                EventDef def = id < 0 || id > Integer.MAX_VALUE ? null : table.byId((int) id);
                if (def == null || (def.operation() == Operation.REPEAT && previous == null)) {
                    unknownId = (int) id; // a repeat with no event before it in the block cannot be read either
                    return Stop.UNKNOWN_ID;
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
                return Stop.OVERRUN;
            }
            decoded++;
            visitor.accept(event);
        }
    }
}
