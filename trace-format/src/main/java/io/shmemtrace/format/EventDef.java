package io.shmemtrace.format;

import java.util.List;

/** One entry of the event table: what an event id means and which fields follow it. */
public record EventDef(int id, String name, Category category, int flags, int elemSize, List<FieldDef> fields) {

    public EventDef {
        fields = List.copyOf(fields);
    }

    public boolean has(int flag) {
        return (flags & flag) != 0;
    }

    /** Index of the first field of this kind, or -1. */
    public int indexOf(FieldKind kind) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).kind() == kind) {
                return i;
            }
        }
        return -1;
    }
}
