package io.shmemtrace.format;

import java.util.List;

/**
 * One entry of the event table: what an event id means and which fields follow it.
 *
 * @param operation what the call does (FORMAT.md, "Semantics")
 * @param completion when its own operation is complete
 */
public record EventDef(int id, String name, Category category, int flags, int elemSize, List<FieldDef> fields,
                       Operation operation, Completion completion) {

    /**
     * The table entry of repeat records (FORMAT.md, "Repeats"): the previous event again, {@code count} more
     * times, the repeated calls taking {@code calls} time units in all. QUERY as a category so that readers of
     * format 1.0 take it for a harmless call.
     */
    public static final EventDef REPEAT = new EventDef(Layout.REPEAT_EVENT_ID, "shmemtrace_repeat", Category.QUERY, 0,
            0, List.of(new FieldDef("count", FieldKind.UINT), new FieldDef("calls", FieldKind.UINT)), Operation.REPEAT,
            Completion.COMPLETE);

    /** The region records (FORMAT.md, "Regions"): a region begins or ends, or a mark; the field is a name's number. */
    public static final EventDef REGION_BEGIN = region(Layout.REGION_BEGIN_EVENT_ID, "shmemtrace_region_begin",
            Operation.REGION_BEGIN);
    public static final EventDef REGION_END = region(Layout.REGION_END_EVENT_ID, "shmemtrace_region_end",
            Operation.REGION_END);
    public static final EventDef MARK = region(Layout.MARK_EVENT_ID, "shmemtrace_mark", Operation.MARK);

    /** The entries the C shim adds to the spec's in every table: the records it writes of its own. */
    public static final List<EventDef> WRITER_RECORDS = List.of(REGION_BEGIN, REGION_END, MARK, REPEAT);

    private static EventDef region(int id, String name, Operation op) {
        return new EventDef(id, name, Category.QUERY, 0, 0, List.of(new FieldDef("name", FieldKind.UINT)), op,
                Completion.COMPLETE);
    }

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

    /** The same entry under another id: a table that holds a subset of the spec's events renumbers them. */
    public EventDef withId(int newId) {
        return new EventDef(newId, name, category, flags, elemSize, fields, operation, completion);
    }
}
