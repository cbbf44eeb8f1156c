package io.shmemtrace.codegen.emit;

import io.shmemtrace.codegen.model.TracedFunction;
import io.shmemtrace.codegen.model.TracedFunction.Param;
import io.shmemtrace.codegen.model.TracedFunction.Recorded;
import io.shmemtrace.codegen.model.TracedSpec;
import io.shmemtrace.format.EventFlags;
import io.shmemtrace.format.FieldKind;
import java.util.stream.Collectors;

/**
 * Emits shmt_wrappers.c: one interposing wrapper per traced function, in the shapes of
 * native-shim/RUNTIME-CONTRACT.md. Locals are prefixed shmt_ so they never shadow a C argument.
 */
public final class CWrapperEmitter {
    /** SHMT_POLL_FIELDS of shmt_runtime.h. */
    static final int POLL_FIELDS = 4;
    private final TracedSpec spec;
    private final StringBuilder out = new StringBuilder(1 << 20);

    public CWrapperEmitter(TracedSpec spec) {
        this.spec = spec;
    }

    public String emit() {
        out.append(GeneratedHeader.C_BANNER)
           .append("#include <stddef.h>\n#include <stdint.h>\n#include <shmem.h>\n")
           .append("#include \"shmt_declared.h\"\n#include \"shmt_events.h\"\n#include \"shmt_runtime.h\"\n\n");
        for (TracedFunction f : spec.functions()) {
            out.append("#ifdef SHMT_HAVE_").append(f.name()).append('\n');
            emitWrapper(f);
            out.append("#endif\n\n");
        }
        return out.toString();
    }

    private void emitWrapper(TracedFunction f) {
        String fnType = "shmt_fn_" + f.name();
        out.append("typedef ").append(f.returnType()).append(" (*").append(fnType).append(")(")
           .append(f.params().isEmpty() ? "void" : f.params().stream().map(Param::type).collect(Collectors.joining(", ")))
           .append(");\n");
        out.append(f.returnType()).append(' ').append(f.name()).append('(')
           .append(f.params().isEmpty() ? "void"
                   : f.params().stream().map(p -> declare(p.type(), p.name())).collect(Collectors.joining(", ")))
           .append(")\n{\n");
        out.append("    SHMT_REAL(").append(f.name()).append(", ").append(fnType).append(");\n");
        if (f.isInit()) {
            emitInit(f);
        } else if (spec.noReturn().contains(f.name())) {
            emitNoReturn(f);
        } else {
            emitOrdinary(f);
        }
        out.append("}\n");
    }

    /** Ordinary call, and finalize: time the real call, then record; finalize then stops the trace. */
    private void emitOrdinary(TracedFunction f) {
        out.append("    shmt_thread *shmt_t = shmt_enter();\n");
        out.append("    if (SHMT_UNLIKELY(shmt_t == NULL)) ")
           .append(f.returnsValue() ? "return " : "{ ").append(realCall(f))
           .append(f.returnsValue() ? ";\n" : "; return; }\n");
        emitTimedCall(f);
        if (f.has(EventFlags.POLL)) {
            emitPollRecord(f);
        } else {
            emitRecord(f, "shmt_t1", "    ");
        }
        if (f.isFinalize()) {
            out.append("    shmt_stop(SHMT_STATE_FINALIZED, shmt_t1);\n");
        }
        if (f.returnsValue()) {
            out.append("    return shmt_ret;\n");
        }
    }

    /** shmt_t0, the real call (its result in shmt_ret), shmt_t1: one clock-kind branch (SHMT_TIMED). */
    private void emitTimedCall(TracedFunction f) {
        out.append("    uint64_t shmt_t0, shmt_t1;\n");
        if (f.returnsValue()) out.append("    ").append(f.returnType()).append(" shmt_ret;\n");
        out.append("    SHMT_TIMED(shmt_t0, shmt_t1, ").append(f.returnsValue() ? "shmt_ret = " : "").append(realCall(f))
           .append(");\n");
    }

    /** Init: nothing is traced yet; hold the thread so the library's own calls are not events, then start. */
    private void emitInit(TracedFunction f) {
        out.append("    shmt_thread *shmt_h = shmt_hold();\n");
        out.append("    int shmt_outer = shmt_is_outer(shmt_h);\n");
        emitTimedCall(f);
        out.append("    if (shmt_outer) {\n");
        out.append("        shmt_release(shmt_h);\n");
        out.append("        shmt_thread *shmt_t = shmt_start(shmt_t0);\n");
        out.append("        if (shmt_t != NULL) {\n");
        emitRecord(f, "shmt_t1", "            ");
        out.append("        }\n    }\n");
        if (f.returnsValue()) {
            out.append("    return shmt_ret;\n");
        }
    }

    /** A call that never returns (global_exit): record it with zero duration and stop before calling. */
    private void emitNoReturn(TracedFunction f) {
        out.append("    shmt_thread *shmt_t = shmt_enter();\n");
        out.append("    if (shmt_t != NULL) {\n");
        out.append("        uint64_t shmt_t0 = shmt_now();\n");
        emitRecord(f, "shmt_t0", "        ");
        out.append("        shmt_stop(SHMT_STATE_EXITED, shmt_t0);\n    }\n");
        out.append("    ").append(f.returnsValue() ? "return " : "").append(realCall(f)).append(";\n");
    }

    private void emitRecord(TracedFunction f, String endVar, String indent) {
        String id = "SHMT_ID_" + f.name();
        out.append(indent).append("uint8_t *shmt_p = shmt_event_begin(shmt_t, ").append(id)
           .append(", shmt_t0, ").append(endVar).append(");\n");
        out.append(indent).append("shmt_p = shmt_put_site(shmt_t, shmt_p, SHMT_CALLSITE);\n");
        for (Recorded r : f.recorded()) {
            out.append(indent).append("shmt_p = ").append(encode(r.field().kind(), cExpression(r.expr()))).append(";\n");
        }
        out.append(indent).append("shmt_event_end(shmt_t, shmt_p, ").append(id).append(");\n");
    }

    /**
     * A poll call (RUNTIME-CONTRACT.md, "Polling"): its recorded values first; a repeat of the last event is only
     * counted, else the event is written from those values and remembered.
     */
    private void emitPollRecord(TracedFunction f) {
        String id = "SHMT_ID_" + f.name();
        int n = f.recorded().size();
        if (n == 0 || n > POLL_FIELDS) {
            throw new IllegalArgumentException(f.name() + ": a poll call records 1 to " + POLL_FIELDS + " fields, not " + n);
        }
        String values = f.recorded().stream().map(r -> raw(r.field().kind(), cExpression(r.expr())))
                .collect(Collectors.joining(", "));
        out.append("    const uint64_t shmt_v[").append(n).append("] = {").append(values).append("};\n");
        out.append("    if (shmt_poll_repeat(shmt_t, ").append(id).append(", shmt_v, ").append(n)
           .append(", shmt_t0, shmt_t1, SHMT_CALLSITE)) return").append(f.returnsValue() ? " shmt_ret" : "").append(";\n");
        out.append("    uint8_t *shmt_p = shmt_event_begin(shmt_t, ").append(id).append(", shmt_t0, shmt_t1);\n");
        out.append("    shmt_p = shmt_put_site(shmt_t, shmt_p, SHMT_CALLSITE);\n");
        for (int i = 0; i < n; i++) {
            String v = "shmt_v[" + i + "]";
            FieldKind kind = f.recorded().get(i).field().kind();
            out.append("    shmt_p = ").append(encode(kind, kind == FieldKind.NELEMS || kind == FieldKind.UINT
                    || kind == FieldKind.ADDR || kind == FieldKind.PTR || kind == FieldKind.CTX ? v : "(int64_t)" + v))
               .append(";\n");
        }
        out.append("    shmt_event_end(shmt_t, shmt_p, ").append(id).append(");\n");
        out.append("    shmt_poll_mark(shmt_t, ").append(id).append(", shmt_v, ").append(n).append(", SHMT_CALLSITE);\n");
    }

    /** A field's value as the uint64_t its encoding starts from. */
    private static String raw(FieldKind kind, String expr) {
        return switch (kind) {
            case ADDR, PTR, CTX -> "(uint64_t)(uintptr_t)(" + expr + ")";
            case NELEMS, UINT -> "(uint64_t)(" + expr + ")";
            default -> "(uint64_t)(int64_t)(" + expr + ")";
        };
    }

    private static String encode(FieldKind kind, String expr) {
        return switch (kind) {
            case ADDR, PTR -> "shmt_put_addr(shmt_t, shmt_p, (uint64_t)(uintptr_t)(" + expr + "))";
            case CTX -> "shmt_put_ctx(shmt_t, shmt_p, (uint64_t)(uintptr_t)(" + expr + "))";
            case NELEMS, UINT -> "shmt_put_uvar(shmt_p, (uint64_t)(" + expr + "))";
            default -> "shmt_put_svar(shmt_p, (int64_t)(" + expr + "))";
        };
    }

    /** "ret" in a trace expression is the call's return value. */
    private static String cExpression(String expr) {
        return expr.replaceAll("\\bret\\b", "shmt_ret");
    }

    private static String realCall(TracedFunction f) {
        return "real_" + f.name() + "(" + f.params().stream().map(Param::name).collect(Collectors.joining(", ")) + ")";
    }

    /** "long *" + "dest" -> "long *dest"; "int" + "pe" -> "int pe". */
    private static String declare(String type, String name) {
        return type.endsWith("*") ? type + name : type + " " + name;
    }
}
