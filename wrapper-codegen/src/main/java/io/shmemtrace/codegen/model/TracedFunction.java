package io.shmemtrace.codegen.model;

import io.shmemtrace.format.Category;
import io.shmemtrace.format.Completion;
import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.EventFlags;
import io.shmemtrace.format.FieldDef;
import io.shmemtrace.format.Operation;
import java.util.List;

/**
 * One traced C entry point after expansion: its C signature, what it records, and its event id.
 *
 * @param ctxTwin true for a shmem_ctx_ twin generated from ctx="both"
 * @param javaHooks the binding's Java methods that make this call
 * @param operation what the call does; completion: when its own operation is complete
 */
public record TracedFunction(
        int id,
        String name,
        String returnType,
        List<Param> params,
        List<Recorded> recorded,
        Category category,
        int flags,
        int elemSize,
        boolean ctxTwin,
        List<JavaHook> javaHooks,
        Operation operation,
        Completion completion) {

    /** A C parameter. */
    public record Param(String type, String name) {}

    /** A recorded field: its name, kind, and the C expression it is computed from. */
    public record Recorded(FieldDef field, String expr) {}

    public boolean returnsValue() {
        return !returnType.equals("void");
    }

    public boolean has(int flag) {
        return (flags & flag) != 0;
    }

    public boolean isInit() {
        return operation == Operation.INIT;
    }

    public boolean isFinalize() {
        return operation == Operation.FINALIZE;
    }

    public EventDef toEventDef() {
        return new EventDef(id, name, category, flags, elemSize,
                recorded.stream().map(Recorded::field).toList(), operation, completion);
    }

    TracedFunction withId(int newId) {
        return new TracedFunction(newId, name, returnType, params, recorded, category, flags, elemSize, ctxTwin,
                javaHooks, operation, completion);
    }
}
