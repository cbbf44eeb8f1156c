package io.shmemtrace.bench.catalog;

import io.shmemtrace.format.Completion;
import io.shmemtrace.format.Operation;
import java.util.List;

/**
 * One C entry point of event-spec.xml as a benchmark calls it.
 *
 * @param elemSize bytes per element moved (0: the spec gives none)
 * @param nelemsParam the parameter recorded as NELEMS, empty if the call moves one element
 */
public record Api(String name, Operation operation, Completion completion, int elemSize, String returnType,
                  String nelemsParam, List<Param> params) {

    /** A C parameter. */
    public record Param(String type, String name) {}

    public boolean returnsValue() {
        return !returnType.equals("void");
    }

    public boolean movesElements() {
        return !nelemsParam.isEmpty();
    }

    /** Bytes one call moves, counted as a trace reader counts them (trace-format's TraceEvent.bytes). */
    public long bytesPerCall(long nelems) {
        return (long) elemSize * (movesElements() ? nelems : 1);
    }

    public boolean hasParam(String paramName) {
        return params.stream().anyMatch(p -> p.name().equals(paramName));
    }
}
