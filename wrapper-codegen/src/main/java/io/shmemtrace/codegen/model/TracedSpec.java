package io.shmemtrace.codegen.model;

import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.Layout;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The expanded spec: every traced function, numbered.
 *
 * @param noReturn names of functions that do not return (global_exit): recorded before the call
 * @param variadic names of functions declared with "..." (pcontrol): forwarded with their named arguments
 */
public record TracedSpec(List<TracedFunction> functions, Set<String> noReturn, Set<String> variadic) {

    /** The event table every trace of the native shim carries: the functions, and the entries of its own records. */
    public EventTable eventTable() {
        List<EventDef> defs = new ArrayList<>(functions.stream().map(TracedFunction::toEventDef).toList());
        if (defs.size() >= Layout.FIRST_WRITER_EVENT_ID) {
            throw new IllegalArgumentException("more than " + Layout.FIRST_WRITER_EVENT_ID
                    + " events: ids reach the writer's own records'");
        }
        defs.addAll(EventDef.WRITER_RECORDS);
        return new EventTable(defs);
    }
}
