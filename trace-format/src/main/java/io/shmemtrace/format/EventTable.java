package io.shmemtrace.format;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The event table that every trace file carries (FORMAT.md, "Event table"), with its codec. */
public final class EventTable {
    /** Tag of the section after the entries that gives each event's operation and completion (format 1.1). */
    static final int SECTION_SEMANTICS = 1;
    /** The largest event id a table may give (FORMAT.md): tools index arrays by id. */
    public static final int MAX_EVENT_ID = 0xFFFF;
    /** The largest element size (bytes) a table may give: a complex long double is 32. */
    public static final int MAX_ELEM_SIZE = 1 << 12;

    private final List<EventDef> events;
    private final EventDef[] byId;
    private final Map<String, EventDef> byName = new HashMap<>();
    /** [event id][field kind ordinal]: index of the event's first field of that kind, or -1. */
    private final short[][] firstField;

    public EventTable(Collection<EventDef> events) {
        this.events = List.copyOf(events);
        int maxId = this.events.stream().mapToInt(EventDef::id).max().orElse(-1);
        this.byId = new EventDef[maxId + 1];
        for (EventDef e : this.events) {
            if (e.id() < 0 || byId[e.id()] != null) {
                throw new IllegalArgumentException("event id " + e.id() + " is negative or used twice");
            }
            byId[e.id()] = e;
            byName.putIfAbsent(e.name(), e);
        }
        this.firstField = new short[maxId + 1][];
        FieldKind[] kinds = FieldKind.values();
        for (EventDef e : this.events) {
            short[] first = new short[kinds.length];
            for (FieldKind k : kinds) first[k.ordinal()] = (short) e.indexOf(k);
            firstField[e.id()] = first;
        }
    }

    /** Index of the first field of this kind of event id, or -1: {@link EventDef#indexOf} without the search. */
    public int fieldIndex(int eventId, FieldKind kind) {
        return firstField[eventId][kind.ordinal()];
    }

    public List<EventDef> events() {
        return events;
    }

    /** The event with this id, or null. */
    public EventDef byId(int id) {
        return id >= 0 && id < byId.length ? byId[id] : null;
    }

    /** The event of this function, or null: for choosing calls to make (synthetic runs, benchmarks). */
    public EventDef byName(String name) {
        return byName.get(name);
    }

    /** The largest id plus one: the length of an array indexed by event id. */
    public int idLimit() {
        return byId.length;
    }

    public byte[] encode() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(events.size() * 48);
        Leb128.writeUnsigned(out, events.size());
        for (EventDef e : events) {
            Leb128.writeUnsigned(out, e.id());
            writeString(out, e.name());
            out.write(e.category().code());
            out.write(e.flags());
            Leb128.writeUnsigned(out, e.elemSize());
            if (e.fields().size() > 255) {
                throw new IllegalArgumentException(e.name() + " has more than 255 fields");
            }
            out.write(e.fields().size());
            for (FieldDef f : e.fields()) {
                out.write(f.kind().code());
                writeString(out, f.name());
            }
        }
        out.write(SECTION_SEMANTICS);
        Leb128.writeUnsigned(out, 2L * events.size());
        for (EventDef e : events) {
            out.write(e.operation().code());
            out.write(e.completion().code());
        }
        return out.toByteArray();
    }

    /** Decodes an encoded table; throws {@link IllegalArgumentException} on malformed bytes. */
    public static EventTable decode(byte[] bytes) {
        Leb128.Cursor in = new Leb128.Cursor(bytes);
        try {
            long count = in.uvar();
            if (count < 0 || count > bytes.length) {
                throw new IllegalArgumentException("event table claims " + Long.toUnsignedString(count) + " events in "
                        + bytes.length + " bytes");
            }
            List<Entry> entries = new ArrayList<>((int) count);
            for (long i = 0; i < count; i++) entries.add(entry(in));
            byte[] semantics = null;
            while (in.remaining() > 0) { // sections: u8 tag, uvar length, bytes; unknown tags are skipped
                int tag = in.u8();
                long length = in.uvar();
                if (tag == SECTION_SEMANTICS) {
                    if (length != 2 * count) {
                        throw new IllegalArgumentException("semantics section of " + length + " bytes for " + count
                                + " events");
                    }
                    semantics = java.util.Arrays.copyOfRange(bytes, in.offset(), in.offset() + (int) length);
                }
                in.skip(length);
            }
            List<EventDef> events = new ArrayList<>(entries.size());
            for (int i = 0; i < entries.size(); i++) {
                Entry e = entries.get(i);
                Operation op = semantics == null ? fallback(e.category, e.flags) : Operation.read(semantics[2 * i] & 0xFF);
                Completion completion = semantics == null ? fallbackCompletion(e.category, e.flags)
                        : Completion.of(semantics[2 * i + 1] & 0xFF);
                events.add(new EventDef(e.id, e.name, e.category, e.flags, e.elemSize, e.fields, op, completion));
            }
            return new EventTable(events);
        } catch (Leb128.Overrun e) {
            throw new IllegalArgumentException("ends at byte " + in.offset() + " inside an entry");
        }
    }

    private record Entry(int id, String name, Category category, int flags, int elemSize, List<FieldDef> fields) {}

    private static Entry entry(Leb128.Cursor in) throws Leb128.Overrun {
        long id = in.uvar();
        if (Long.compareUnsigned(id, MAX_EVENT_ID) > 0) {
            throw new IllegalArgumentException("event id " + Long.toUnsignedString(id) + " out of range (at most "
                    + MAX_EVENT_ID + ")");
        }
        String name = Escape.text(in.string()); // names reach terminals, CSV files, OTF2 (Escape)
        Category category = Category.of(in.u8());
        int flags = in.u8();
        long elemSize = in.uvar();
        if (Long.compareUnsigned(elemSize, MAX_ELEM_SIZE) > 0) {
            throw new IllegalArgumentException(name + ": element size " + Long.toUnsignedString(elemSize)
                    + " out of range (at most " + MAX_ELEM_SIZE + ")");
        }
        int fieldCount = in.u8();
        List<FieldDef> fields = new ArrayList<>(fieldCount);
        for (int f = 0; f < fieldCount; f++) {
            FieldKind kind = FieldKind.of(in.u8());
            fields.add(new FieldDef(Escape.text(in.string()), kind));
        }
        return new Entry((int) id, name, category, flags, (int) elemSize, fields);
    }

    /** A file of format 1.0 has no semantics section: the operation its category and flags imply (FORMAT.md). */
    static Operation fallback(Category category, int flags) {
        return switch (category) {
            case SETUP -> (flags & EventFlags.INIT) != 0 ? Operation.INIT
                    : (flags & EventFlags.FINALIZE) != 0 ? Operation.FINALIZE : Operation.OTHER;
            case QUERY -> Operation.QUERY;
            case PUT -> Operation.PUT;
            case GET -> Operation.GET;
            case ATOMIC -> Operation.ATOMIC_FETCH;
            case REDUCTION -> Operation.REDUCE;
            case CACHE -> Operation.OTHER;
            default -> Operation.UNKNOWN;
        };
    }

    static Completion fallbackCompletion(Category category, int flags) {
        if ((flags & EventFlags.NONBLOCKING) != 0) return Completion.POSTED;
        return category == Category.PUT ? Completion.LOCAL : Completion.COMPLETE;
    }

    private static void writeString(ByteArrayOutputStream out, String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        Leb128.writeUnsigned(out, utf8.length);
        out.writeBytes(utf8);
    }
}
