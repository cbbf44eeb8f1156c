package io.shmemtrace.codegen.emit;

import io.shmemtrace.codegen.model.TracedFunction;
import io.shmemtrace.codegen.model.TracedSpec;
import io.shmemtrace.format.FieldKind;
import java.util.stream.Collectors;

/**
 * Emits the benchmark catalog that shmembench generates its programs from: one line per traced C function
 * (ctx twins left out), tab-separated:
 * {@code name op completion elem-size return-type nelems-expr params}, params as {@code type|name} joined
 * by {@code ;}. The nelems expression is the argument recorded as NELEMS (empty if none), so a benchmark counts
 * the bytes of each call exactly as a trace reader does.
 */
public final class BenchCatalogEmitter {
    private BenchCatalogEmitter() {}

    public static String emit(TracedSpec spec) {
        StringBuilder out = new StringBuilder("# generated from event-spec.xml by wrapper-codegen --bench-catalog\n");
        for (TracedFunction f : spec.functions()) {
            if (f.ctxTwin()) continue;
            String nelems = f.recorded().stream().filter(r -> r.field().kind() == FieldKind.NELEMS)
                    .map(TracedFunction.Recorded::expr).findFirst().orElse("");
            String params = f.params().stream().map(p -> p.type() + "|" + p.name()).collect(Collectors.joining(";"));
            out.append(String.join("\t", f.name(), f.operation().name().toLowerCase(java.util.Locale.ROOT),
                    f.completion().name().toLowerCase(java.util.Locale.ROOT), Integer.toString(f.elemSize()),
                    f.returnType(), nelems, params)).append('\n');
        }
        return out.toString();
    }
}
