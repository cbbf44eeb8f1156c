package io.shmemtrace.codegen.emit;

import io.shmemtrace.codegen.model.TracedFunction;
import io.shmemtrace.codegen.model.TracedFunction.Param;
import io.shmemtrace.codegen.model.TracedFunction.Recorded;
import io.shmemtrace.codegen.model.TracedSpec;
import io.shmemtrace.format.EventFlags;
import io.shmemtrace.format.FieldKind;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Emits shmt_wrappers.c: one interposing wrapper per traced function, in the shapes of
 * native-shim/RUNTIME-CONTRACT.md. Locals are prefixed shmt_ so they never shadow a C argument.
 */
public final class CWrapperEmitter {
    static final int POLL_FIELDS = RuntimeLimits.POLL_FIELDS;
    static final int SAVED_ARGS = RuntimeLimits.SAVED_ARGS;
    private final TracedSpec spec;
    private final StringBuilder out = new StringBuilder(1 << 20);

    public CWrapperEmitter(TracedSpec spec) {
        this.spec = spec;
    }

    /**
     * The wrappers of part `part` of `parts` (shmt_wrappers_PART.c): the functions split in equal runs, so that
     * make compiles them on every core (about 2 minutes of compiler time for all 1,782).
     */
    public String emit(int part, int parts) {
        out.setLength(0);
        out.append(GeneratedHeader.C_BANNER)
           .append("#include <stddef.h>\n#include <stdint.h>\n")
           .append("#include \"shmt_prototypes.h\"\n#include \"shmt_events.h\"\n#include \"shmt_runtime.h\"\n")
           .append("#include \"shmt_profile.h\"\n\n");
        List<TracedFunction> functions = spec.functions();
        int from = (int) ((long) functions.size() * part / parts), to = (int) ((long) functions.size() * (part + 1) / parts);
        for (TracedFunction f : functions.subList(from, to)) {
            emitWrapper(f);
            out.append('\n');
        }
        return out.toString();
    }

    /** The C parameter types of the function's declaration, "..." last for a variadic one. */
    private String parameterTypes(TracedFunction f) {
        return f.params().isEmpty() ? "void"
                : f.params().stream().map(Param::type).collect(Collectors.joining(", ")) + variadic(f);
    }

    /**
     * shmt_prototypes.h: the spec's C declaration of every traced function, in place of an implementation's
     * shmem.h (so that one shim serves every OpenSHMEM library), and what the ABI check compares with a real
     * shmem.h (native-shim/Makefile). The handle types are opaque pointers, as in every implementation; names are
     * parenthesized so that a function-like macro of the same name (SOS's C11 shmem_sync) is not expanded;
     * {@code volatile} is SHMT_VOLATILE, which a check against a header that leaves it out defines empty.
     */
    public String emitPrototypes() {
        StringBuilder h = new StringBuilder(GeneratedHeader.C_BANNER);
        h.append("#ifndef SHMT_PROTOTYPES_H\n#define SHMT_PROTOTYPES_H\n#include <stddef.h>\n#include <stdint.h>\n\n")
         .append("#ifndef SHMT_VOLATILE\n#define SHMT_VOLATILE volatile\n#endif\n")
         .append("#ifndef SHMT_CHECKING_ABI\n")
         .append("typedef struct shmt_opaque_ctx *shmem_ctx_t;\n")
         .append("typedef struct shmt_opaque_team *shmem_team_t;\n")
         .append("typedef struct shmt_opaque_team_config shmem_team_config_t;\n")
         .append("#endif\n\n");
        for (TracedFunction f : spec.functions()) {
            String decl = f.returnType() + " (" + f.name() + ")(" + parameterTypes(f) + ");";
            decl = decl.replace("volatile ", "SHMT_VOLATILE ");
            h.append("#if !defined(SHMT_CHECKING_ABI) || defined(SHMT_HAVE_").append(f.name()).append(")\n")
             .append(decl).append("\n#endif\n");
        }
        return h.append("\n#endif\n").toString();
    }

    private void emitWrapper(TracedFunction f) {
        String fnType = "shmt_fn_" + f.name();
        out.append("typedef ").append(f.returnType()).append(" (*").append(fnType).append(")(").append(parameterTypes(f))
           .append(");\n");
        emitResolver(f, fnType);
        if (filterable(f)) {
            emitExclusionStub(f);
            emitProfileStub(f);
        }
        if (f.isInit()) {
            out.append(entry(f, f.name())).append("\n{\n");
            emitInit(f);
            out.append("}\n");
        } else if (spec.noReturn().contains(f.name())) {
            out.append(entry(f, f.name())).append("\n{\n");
            emitNoReturn(f);
            out.append("}\n");
        } else {
            emitOrdinary(f);
        }
    }

    /** real_NAME starts as a stub that looks the real function up, stores it there and calls it: the wrappers
     * call through real_NAME without testing it. */
    private void emitResolver(TracedFunction f, String fnType) {
        String first = "shmt_first_" + f.name();
        out.append("static ").append(entry(f, first)).append(";\n");
        out.append("static ").append(fnType).append(" real_").append(f.name()).append(" = ").append(first).append(";\n");
        out.append("static ").append(entry(f, first)).append("\n{\n");
        out.append("    real_").append(f.name()).append(" = (").append(fnType).append(")shmt_resolve(\"")
           .append(f.name()).append("\");\n");
        out.append("    ").append(returnOf(f, realCall(f))).append("\n}\n");
    }

    /**
     * The calls SHMEMTRACE_EXCLUDE and SHMEMTRACE_INCLUDE may leave out: all but those that start and end the
     * trace (init, finalize, global_exit).
     */
    private boolean filterable(TracedFunction f) {
        return !f.isInit() && !f.isFinalize() && !spec.noReturn().contains(f.name());
    }

    /**
     * shmt_excluded_NAME: what the program's calls of an excluded function reach instead of the wrapper (the shim
     * points the program's GOT entries at it: shmt_filter.c). It counts the call and jumps to the library; the
     * wrapper, and with it the fast path of every recorded call, stays as it is.
     */
    private void emitExclusionStub(TracedFunction f) {
        String stub = "shmt_excluded_" + f.name();
        out.append("SHMT_HIDDEN ").append(signature(f, stub, "", variadic(f))).append("\n{\n");
        out.append("    shmt_count_excluded(SHMT_ID_").append(f.name()).append(");\n");
        out.append("    ").append(returnOf(f, realCall(f))).append("\n}\n");
    }

    /**
     * shmt_profiled_NAME: what the program's calls reach in profile mode (SHMEMTRACE_MODE=profile; shmt_profile.h):
     * the call timed and added to this thread's entry for the function in its current region, with its bytes
     * (elem_size x NELEMS, as FORMAT.md counts them).
     */
    private void emitProfileStub(TracedFunction f) {
        String stub = "shmt_profiled_" + f.name();
        out.append("SHMT_HIDDEN ").append(signature(f, stub, "", variadic(f))).append("\n{\n");
        out.append("    shmt_thread *shmt_t = shmt_enter(0, SHMT_ID_").append(f.name()).append(", 1);\n");
        out.append("    if (SHMT_UNLIKELY(shmt_t == NULL)) ").append(block(returnOf(f, realCall(f)))).append('\n');
        if (f.returnsValue()) out.append("    ").append(f.returnType()).append(" shmt_ret;\n");
        out.append("    uint64_t shmt_t1;\n");
        out.append("    SHMT_TIMED_CALL(0, shmt_t, shmt_t1, ").append(f.returnsValue() ? "shmt_ret = " : "")
           .append(realCall(f)).append(");\n");
        out.append("    shmt_profile_add(shmt_t, SHMT_ID_").append(f.name()).append(", shmt_t1, ").append(bytes(f))
           .append(", SHMT_CALLSITE);\n");
        if (f.returnsValue()) out.append("    return shmt_ret;\n");
        out.append("}\n");
    }

    /** A call's bytes as C: elem_size x its NELEMS field's expression (x 1 without one); 0 for a call moving none. */
    private static String bytes(TracedFunction f) {
        int elem = f.toEventDef().elemSize();
        if (elem == 0) return "0";
        return f.recorded().stream().filter(r -> r.field().kind() == FieldKind.NELEMS).findFirst()
                .map(r -> "(uint64_t)" + elem + " * (uint64_t)(" + cExpression(r.expr()) + ")")
                .orElse("(uint64_t)" + elem);
    }

    /**
     * shmt_event_infos.c: per event id, the function's name, its operation (as event-spec.xml spells it) and its
     * stubs (NULL for a call that cannot be left out), for the filters and profiles (shmt_filter.c, shmt_got.c);
     * and the ids in the order of their names (strcmp's: the names are ASCII), so that the shim finds a function by
     * name (shmt_event_id) without sorting anything at start.
     */
    public String emitEventInfos() {
        StringBuilder c = new StringBuilder(GeneratedHeader.C_BANNER);
        c.append("#include <stddef.h>\n#include <stdint.h>\n#include \"shmt_prototypes.h\"\n")
         .append("#include \"shmt_events.h\"\n#include \"shmt_filter.h\"\n\n");
        for (TracedFunction f : spec.functions()) {
            if (filterable(f)) {
                for (String kind : List.of("excluded", "profiled")) {
                    c.append("extern __typeof__(").append(f.name()).append(") shmt_").append(kind).append('_')
                     .append(f.name()).append(" SHMT_HIDDEN;\n");
                }
            }
        }
        c.append("\nconst shmt_event_info shmt_event_infos[SHMT_EVENT_COUNT] = {\n");
        for (TracedFunction f : spec.functions()) {
            c.append("    [SHMT_ID_").append(f.name()).append("] = {\"").append(f.name()).append("\", \"")
             .append(f.toEventDef().operation().name().toLowerCase(java.util.Locale.ROOT)).append("\", ")
             .append(filterable(f) ? "(shmt_stub)shmt_excluded_" + f.name() + ", (shmt_stub)shmt_profiled_" + f.name()
                     : "NULL, NULL").append("},\n");
        }
        c.append("};\n\nconst unsigned short shmt_ids_by_name[SHMT_EVENT_COUNT] = {\n");
        spec.functions().stream().sorted(java.util.Comparator.comparing(TracedFunction::name))
                .forEach(f -> c.append("    SHMT_ID_").append(f.name()).append(",\n"));
        return c.append("};\n").toString();
    }

    /**
     * Ordinary call, and finalize: one body (shmt_traced_NAME) made twice, the wrapper's fast path and its
     * general path (RUNTIME-CONTRACT.md); time the real call, then record; finalize then stops the trace.
     */
    private void emitOrdinary(TracedFunction f) {
        String traced = "shmt_traced_" + f.name(), general = "shmt_general_" + f.name();
        out.append("static ").append(signature(f, general, "")).append(";\n");
        out.append("static inline __attribute__((always_inline)) ")
           .append(signature(f, traced, "const int shmt_fast, const void *shmt_site")).append("\n{\n");
        // Finalize is recorded while the trace is paused too: it ends the trace.
        out.append("    shmt_thread *shmt_t = shmt_enter(shmt_fast, SHMT_ID_").append(f.name()).append(", ")
           .append(f.isFinalize() ? 0 : 1).append(");\n");
        out.append("    if (SHMT_UNLIKELY(shmt_t == NULL)) ").append(block(returnOf(f, realCall(f)))).append('\n');
        boolean poll = f.has(EventFlags.POLL);
        out.append("    if (SHMT_UNLIKELY(!").append(poll ? "shmt_poll_gate" : "shmt_reserve")
           .append("(shmt_t, shmt_fast))) ").append(block(returnOf(f, general + "(" + arguments(f, "") + ")")))
           .append('\n');
        // A poll call's values stay in registers: saved in the thread, a never-repeating poll took more instructions.
        boolean[] saved = poll ? new boolean[f.recorded().size()] : savedArguments(f);
        for (int i = 0; i < saved.length; i++) {
            if (saved[i]) {
                Recorded r = f.recorded().get(i);
                out.append("    shmt_t->saved[").append(i).append("] = ").append(raw(r.field().kind(), r.expr()))
                   .append(";\n");
            }
        }
        if (f.returnsValue()) out.append("    ").append(f.returnType()).append(" shmt_ret;\n");
        out.append("    uint64_t shmt_t1;\n");
        out.append("    SHMT_TIMED_CALL(shmt_fast, shmt_t, shmt_t1, ").append(f.returnsValue() ? "shmt_ret = " : "")
           .append(realCall(f)).append(");\n");
        if (poll) {
            emitPollRecord(f);
        } else {
            emitRecord(f, "    ", "shmt_t->call_start", "shmt_t1", "shmt_fast", "shmt_site", saved);
        }
        if (f.isFinalize()) {
            out.append("    shmt_stop(SHMT_STATE_FINALIZED, shmt_t1);\n");
        }
        if (f.returnsValue()) {
            out.append("    return shmt_ret;\n");
        }
        out.append("}\n");
        out.append("/* Reached from the wrapper by a tail call (a jump): its return address is the program's call site. */\n");
        out.append("static __attribute__((noinline)) ").append(signature(f, general, "")).append("\n{\n");
        if (filterable(f)) {
            // Profile mode sends every call the general way (no fast path): one that reached the wrapper, not the
            // profile stub (through a function pointer or a GOT slot the shim leaves alone, so that the function
            // keeps one address: shmt_got.c), is profiled as the others.
            out.append("    if (SHMT_UNLIKELY(shmt_profiling)) ")
               .append(block(returnOf(f, "shmt_profiled_" + f.name() + "(" + arguments(f, "") + ")"))).append('\n');
        }
        out.append("    ").append(returnOf(f, traced + "(" + arguments(f, "0, SHMT_CALLSITE") + ")")).append("\n}\n");
        if (variadic(f).isEmpty()) {
            out.append(signature(f, f.name(), "")).append("\n{\n");
            out.append("    ").append(returnOf(f, traced + "(" + arguments(f, "1, SHMT_CALLSITE") + ")")).append("\n}\n");
            return;
        }
        // A variadic function cannot jump to another (gcc makes no sibling call from one): its code is a plain
        // function's, which can, exported under the variadic declaration by an alias. Its extra arguments are
        // not read (the caller's variadic call passes the named ones as a plain call does: the x86-64 and
        // AArch64 Linux ABIs).
        String plain = "shmt_entry_" + f.name();
        out.append("static ").append(signature(f, plain, "")).append("\n{\n");
        out.append("    ").append(returnOf(f, traced + "(" + arguments(f, "1, SHMT_CALLSITE") + ")")).append("\n}\n");
        out.append("#pragma GCC diagnostic push\n#pragma GCC diagnostic ignored \"-Wattribute-alias\"\n")
           .append(entry(f, f.name())).append(" __attribute__((alias(\"").append(plain).append("\")));\n")
           .append("#pragma GCC diagnostic pop\n");
    }

    /**
     * The recorded fields that are plain arguments: their values go to the thread before the real call, so that
     * the compiler need not keep them in registers across it (saved and restored: more instructions than a
     * store and a load).
     */
    private static boolean[] savedArguments(TracedFunction f) {
        if (f.recorded().size() > SAVED_ARGS) {
            throw new IllegalArgumentException(f.name() + ": records more than " + SAVED_ARGS + " fields");
        }
        boolean[] saved = new boolean[f.recorded().size()];
        for (int i = 0; i < saved.length; i++) {
            String expr = f.recorded().get(i).expr();
            saved[i] = f.params().stream().anyMatch(p -> p.name().equals(expr));
        }
        return saved;
    }

    /** Init: nothing is traced yet; hold the thread so the library's own calls are not events, then start. */
    private void emitInit(TracedFunction f) {
        out.append("    shmt_thread *shmt_h = shmt_hold();\n");
        out.append("    int shmt_outer = shmt_is_outer(shmt_h);\n");
        out.append("    uint64_t shmt_t0, shmt_t1;\n");
        if (f.returnsValue()) out.append("    ").append(f.returnType()).append(" shmt_ret;\n");
        out.append("    SHMT_TIMED(SHMT_CLOCK_IS_TSC, shmt_t0, shmt_t1, ").append(f.returnsValue() ? "shmt_ret = " : "").append(realCall(f))
           .append(");\n");
        out.append("    if (shmt_outer) {\n");
        out.append("        shmt_release(shmt_h);\n");
        out.append("        shmt_thread *shmt_t = shmt_start(shmt_t0);\n");
        out.append("        if (shmt_t != NULL) {\n");
        // The trace's start-up (its files, the GOT's stubs) ends init: 18 ms of it once read as the program's first burst.
        out.append("            shmt_started();\n");
        out.append("            shmt_t1 = shmt_now();\n");
        out.append("            shmt_reserve_at(shmt_t, shmt_t0);\n");
        emitRecord(f, "            ", "shmt_t0", "shmt_t1", "0", "SHMT_CALLSITE", new boolean[f.recorded().size()]);
        out.append("            shmt_start_paused();\n");
        out.append("        }\n    }\n");
        if (f.returnsValue()) {
            out.append("    return shmt_ret;\n");
        }
    }

    /** A call that never returns (global_exit): record it with zero duration and stop before calling. */
    private void emitNoReturn(TracedFunction f) {
        out.append("    shmt_thread *shmt_t = shmt_enter(0, SHMT_ID_").append(f.name()).append(", 0);\n");
        out.append("    if (shmt_t != NULL) {\n");
        out.append("        uint64_t shmt_t0 = shmt_now();\n");
        out.append("        shmt_reserve_at(shmt_t, shmt_t0);\n");
        emitRecord(f, "        ", "shmt_t0", "shmt_t0", "0", "SHMT_CALLSITE", new boolean[f.recorded().size()]);
        out.append("        shmt_stop(SHMT_STATE_EXITED, shmt_t0);\n    }\n");
        out.append("    ").append(f.returnsValue() ? "return " : "").append(realCall(f)).append(";\n");
    }

    /** The event from t0 to t1 (raw clock), its call site, its recorded fields (the saved ones from the thread). */
    private void emitRecord(TracedFunction f, String indent, String t0, String t1, String fast, String site,
                            boolean[] saved) {
        String id = "SHMT_ID_" + f.name();
        emitRecordStart(indent, id, t0, t1, fast, site);
        for (int i = 0; i < saved.length; i++) {
            Recorded r = f.recorded().get(i);
            out.append(indent).append("shmt_p = ").append(saved[i] ? encodeRaw(r.field().kind(), "shmt_t->saved[" + i + "]")
                    : encode(r.field().kind(), cExpression(r.expr()))).append(";\n");
        }
        out.append(indent).append("shmt_event_end(shmt_t, shmt_r, shmt_p, ").append(id).append(");\n");
    }

    private void emitRecordStart(String indent, String id, String t0, String t1, String fast, String site) {
        out.append(indent).append("uint8_t *shmt_r = shmt_record(shmt_t);\n");
        out.append(indent).append("uint8_t *shmt_p = shmt_event_begin(shmt_t, shmt_r, ").append(id).append(", ")
           .append(t0).append(", ").append(t1).append(", ").append(fast).append(");\n");
        out.append(indent).append("shmt_p = shmt_put_site(shmt_t, shmt_p, ").append(site).append(", ").append(fast)
           .append(");\n");
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
           .append(", shmt_t->call_start, shmt_t1, shmt_site, shmt_fast)) return")
           .append(f.returnsValue() ? " shmt_ret" : "").append(";\n");
        out.append("    shmt_poll_reserve(shmt_t, shmt_fast);\n");
        emitRecordStart("    ", id, "shmt_t->call_start", "shmt_t1", "shmt_fast", "shmt_site");
        for (int i = 0; i < n; i++) {
            out.append("    shmt_p = ").append(encodeRaw(f.recorded().get(i).field().kind(), "shmt_v[" + i + "]"))
               .append(";\n");
        }
        out.append("    shmt_poll_event_end(shmt_t, shmt_r, shmt_p, ").append(id).append(", shmt_v, ").append(n)
           .append(", shmt_site);\n");
    }

    /** A field's value as the uint64_t its encoding starts from. */
    private static String raw(FieldKind kind, String expr) {
        return switch (kind) {
            case ADDR, PTR, CTX, TEAM -> "(uint64_t)(uintptr_t)(" + expr + ")";
            case NELEMS, UINT -> "(uint64_t)(" + expr + ")";
            case CMP -> "(uint64_t)shmt_cmp_code(" + expr + ")"; // one numbering whatever the library's
            default -> "(uint64_t)(int64_t)(" + expr + ")";
        };
    }

    /** The encoding of a value already made raw (raw()). */
    private static String encodeRaw(FieldKind kind, String v) {
        return switch (kind) {
            case ADDR, PTR -> "shmt_put_addr(shmt_t, shmt_p, " + v + ")";
            case CTX -> "shmt_put_ctx(shmt_t, shmt_p, " + v + ")";
            case NELEMS, UINT, TEAM -> "shmt_put_uvar(shmt_p, " + v + ")";
            default -> "shmt_put_svar(shmt_p, (int64_t)" + v + ")";
        };
    }

    private static String encode(FieldKind kind, String expr) {
        return encodeRaw(kind, raw(kind, expr));
    }

    /** "ret" in a trace expression is the call's return value. */
    private static String cExpression(String expr) {
        return expr.replaceAll("\\bret\\b", "shmt_ret");
    }

    private static String realCall(TracedFunction f) {
        return "real_" + f.name() + "(" + arguments(f, "") + ")";
    }

    /** The call's arguments, after the leading ones ("" for none). */
    private static String arguments(TracedFunction f, String leading) {
        return Stream.concat(Stream.of(leading).filter(l -> !l.isEmpty()), f.params().stream().map(Param::name))
                .collect(Collectors.joining(", "));
    }

    /**
     * The signature of what is called as the real function is (the exported wrapper, the first-call stub): a
     * variadic one's ends in "...", whose arguments are not forwarded (the named ones are).
     */
    private String entry(TracedFunction f, String name) {
        return signature(f, name, "", variadic(f));
    }

    private String variadic(TracedFunction f) {
        return spec.variadic().contains(f.name()) ? ", ..." : "";
    }

    /** "RET name(leading, TYPE param, ...)", "RET name(void)" without parameters. */
    private static String signature(TracedFunction f, String name, String leading) {
        return signature(f, name, leading, "");
    }

    /** The same, then `rest` (", ..." for a variadic entry point). */
    private static String signature(TracedFunction f, String name, String leading, String rest) {
        String params = Stream.concat(Stream.of(leading).filter(l -> !l.isEmpty()),
                f.params().stream().map(p -> declare(p.type(), p.name()))).collect(Collectors.joining(", "));
        return f.returnType() + " " + name + "(" + (params.isEmpty() ? "void" : params + rest) + ")";
    }

    /** "return CALL;" or, for a void function, "CALL; return;" (C has no return of a void expression). */
    private static String returnOf(TracedFunction f, String call) {
        return f.returnsValue() ? "return " + call + ";" : call + "; return;";
    }

    /** One statement or more as one. */
    private static String block(String statements) {
        return statements.startsWith("return ") ? statements : "{ " + statements + " }";
    }

    /** "long *" + "dest" -> "long *dest"; "int" + "pe" -> "int pe". */
    private static String declare(String type, String name) {
        return type.endsWith("*") ? type + name : type + " " + name;
    }
}
