package io.shmemtrace.codegen.model;

import io.shmemtrace.format.EventTable;
import java.util.List;
import java.util.Set;

/**
 * The expanded spec: every traced function, numbered.
 *
 * @param noReturn names of functions that do not return (global_exit): recorded before the call
 */
public record TracedSpec(List<TracedFunction> functions, Set<String> noReturn) {

    public EventTable eventTable() {
        return new EventTable(functions.stream().map(TracedFunction::toEventDef).toList());
    }
}
