package io.shmemtrace.format;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** The event table that every trace file carries (FORMAT.md, "Event table"), with its codec. */
public final class EventTable {
    private final List<EventDef> events;
    private final EventDef[] byId;
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
        return out.toByteArray();
    }

    /** Decodes an encoded table; throws {@link IllegalArgumentException} on malformed bytes. */
    public static EventTable decode(byte[] bytes) {
        Leb128.Reader in = new Leb128.Reader(bytes);
        long count = in.unsigned();
        if (count > bytes.length) {
            throw new IllegalArgumentException("event table claims " + count + " events in " + bytes.length + " bytes");
        }
        List<EventDef> events = new ArrayList<>((int) count);
        for (long i = 0; i < count; i++) {
            int id = Math.toIntExact(in.unsigned());
            String name = in.string();
            Category category = Category.of(in.u8());
            int flags = in.u8();
            int elemSize = Math.toIntExact(in.unsigned());
            int fieldCount = in.u8();
            List<FieldDef> fields = new ArrayList<>(fieldCount);
            for (int f = 0; f < fieldCount; f++) {
                FieldKind kind = FieldKind.of(in.u8());
                fields.add(new FieldDef(in.string(), kind));
            }
            events.add(new EventDef(id, name, category, flags, elemSize, fields));
        }
        return new EventTable(events);
    }

    private static void writeString(ByteArrayOutputStream out, String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        Leb128.writeUnsigned(out, utf8.length);
        out.writeBytes(utf8);
    }
}
