package io.shmemtrace.codegen.model;

import io.shmemtrace.codegen.spec.EventSpecXml;
import io.shmemtrace.codegen.spec.FamilyXml;
import io.shmemtrace.codegen.spec.FunctionXml;
import io.shmemtrace.codegen.spec.TypeSetXml;
import io.shmemtrace.codegen.spec.TypeSetXml.TypeXml;
import io.shmemtrace.format.Completion;
import io.shmemtrace.format.EventFlags;
import io.shmemtrace.format.FieldDef;
import io.shmemtrace.format.FieldKind;
import io.shmemtrace.format.Operation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Expands families over their type sets, adds ctx twins, and numbers the events: document order for plain
 * functions, then every ctx twin, so the calls of tight loops get one-byte ids.
 */
public final class SpecExpander {
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final String CTX_PREFIX = "shmem_";

    private final Map<String, TypeSetXml> typesets = new HashMap<>();
    private final List<TracedFunction> plain = new ArrayList<>();
    private final List<TracedFunction> twins = new ArrayList<>();
    private final Set<String> noReturn = new LinkedHashSet<>();
    private final Set<String> variadic = new LinkedHashSet<>();

    private SpecExpander() {}

    public static TracedSpec expand(EventSpecXml spec) {
        SpecExpander expander = new SpecExpander();
        spec.typesets.forEach(t -> expander.typesets.put(t.name, t));
        for (Object item : spec.items) {
            if (item instanceof FamilyXml family) {
                expander.addFamily(family);
            } else {
                FunctionXml function = (FunctionXml) item;
                expander.add(function, null, function.ctx);
            }
        }
        return expander.numbered();
    }

    private void addFamily(FamilyXml family) {
        TypeSetXml set = typesets.get(family.types);
        if (set == null) {
            throw new IllegalArgumentException("family uses unknown typeset '" + family.types + "'");
        }
        for (FunctionXml function : family.functions) {
            for (TypeXml type : set.types) {
                add(function, type, function.ctx != null ? function.ctx : family.ctx);
            }
        }
    }

    private void add(FunctionXml template, TypeXml type, String ctxMode) {
        TracedFunction function = instantiate(template, type, javaHooks(template, type, false));
        plain.add(function);
        if ("both".equals(ctxMode)) {
            twins.add(ctxTwin(function, javaHooks(template, type, true)));
        } else if (template.java.stream().anyMatch(j -> j.ctxTwin)) {
            throw new IllegalArgumentException(function.name() + ": a ctx-twin <java> mapping needs ctx=\"both\"");
        }
        if (template.variadic) {
            variadic.add(function.name());
        }
        if (template.noreturn) {
            noReturn.add(function.name());
        }
    }

    /** The function's Java mappings for this type (none when the type has no Java name but the mapping needs one). */
    private static List<JavaHook> javaHooks(FunctionXml f, TypeXml type, boolean twin) {
        List<JavaHook> hooks = new ArrayList<>();
        int fields = f.traces.size() + (twin ? 1 : 0);
        for (FunctionXml.JavaXml j : f.java) {
            if (j.ctxTwin != twin || (j.only != null && (type == null || !j.only.equals(type.name)))) continue;
            String all = j.className + j.params + j.returns + String.join(" ", j.fields);
            if (all.contains("{J") && (type == null || type.java == null)) continue;
            if (j.fields.size() != fields) {
                throw new IllegalArgumentException(f.name + ": <java> " + j.className + "." + j.method + " gives "
                        + j.fields.size() + " fields, the call records " + fields);
            }
            List<String> params = j.params.isBlank() ? List.of()
                    : List.of(javaSubstitute(j.params, type).trim().split("\\s+"));
            hooks.add(new JavaHook(javaSubstitute(j.className, type), j.method, params,
                    javaSubstitute(j.returns, type), j.fields.stream().map(x -> javaSubstitute(x.trim(), type)).toList(),
                    j.pe, j.npes));
            if (Operation.ofLabel(f.op) == Operation.INIT && (j.pe == null || j.npes == null)) {
                throw new IllegalArgumentException(f.name + ": the <java> mapping of an init call needs pe and npes");
            }
        }
        return hooks;
    }

    private static String javaSubstitute(String text, TypeXml type) {
        return type == null || type.java == null ? text
                : text.replace("{J}", type.java).replace("{JA}", type.javaElement);
    }

    private TracedFunction instantiate(FunctionXml f, TypeXml type, List<JavaHook> hooks) {
        List<TracedFunction.Param> params = new ArrayList<>();
        for (FunctionXml.ArgXml arg : f.args) {
            params.add(new TracedFunction.Param(substitute(arg.type, type), arg.name));
        }
        List<TracedFunction.Recorded> recorded = new ArrayList<>();
        for (FunctionXml.TraceXml trace : f.traces) {
            String expr = trace.expr.trim();
            String name = trace.name != null ? trace.name : expr;
            if (!IDENTIFIER.matcher(name).matches()) {
                throw new IllegalArgumentException(f.name + ": <trace>" + expr + "</trace> needs a name attribute");
            }
            recorded.add(new TracedFunction.Recorded(new FieldDef(name, FieldKind.valueOf(trace.dest)), expr));
        }
        String name = substitute(f.name, type);
        String elemSize = f.elemSize == null ? "0" : substitute(f.elemSize, type);
        Operation op = Operation.ofLabel(f.op);
        Completion completion = Completion.ofLabel(f.completion);
        return new TracedFunction(-1, name, substitute(f.ret, type), params, recorded,
                op.category(), flags(f, op, completion), Integer.parseInt(elemSize), false, hooks,
                op, completion);
    }

    /** The flags byte; NONBLOCKING, INIT and FINALIZE repeat the semantics for readers of format 1.0. */
    private static int flags(FunctionXml f, Operation op, Completion completion) {
        int flags = 0;
        if (completion == Completion.POSTED) flags |= EventFlags.NONBLOCKING;
        if (f.deprecated) flags |= EventFlags.DEPRECATED;
        if (f.poll) flags |= EventFlags.POLL;
        if (op == Operation.INIT) flags |= EventFlags.INIT;
        if (op == Operation.FINALIZE) flags |= EventFlags.FINALIZE;
        return flags;
    }

    private static TracedFunction ctxTwin(TracedFunction f, List<JavaHook> hooks) {
        if (!f.name().startsWith(CTX_PREFIX)) {
            throw new IllegalArgumentException(f.name() + ": ctx twins need a shmem_ name");
        }
        String name = CTX_PREFIX + "ctx_" + f.name().substring(CTX_PREFIX.length());
        List<TracedFunction.Param> params = new ArrayList<>();
        params.add(new TracedFunction.Param("shmem_ctx_t", "ctx"));
        params.addAll(f.params());
        List<TracedFunction.Recorded> recorded = new ArrayList<>(f.recorded());
        recorded.add(new TracedFunction.Recorded(new FieldDef("ctx", FieldKind.CTX), "ctx"));
        return new TracedFunction(-1, name, f.returnType(), params, recorded, f.category(),
                f.flags() | EventFlags.CTX, f.elemSize(), true, hooks, f.operation(), f.completion());
    }

    private static String substitute(String text, TypeXml type) {
        if (type == null) {
            if (text.contains("{")) {
                throw new IllegalArgumentException("'" + text + "' uses a placeholder outside a family");
            }
            return text;
        }
        return text.replace("{T}", type.name).replace("{C}", type.c).replace("{S}", Integer.toString(type.size));
    }

    private TracedSpec numbered() {
        List<TracedFunction> all = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (List<TracedFunction> group : List.of(plain, twins)) {
            for (TracedFunction f : group) {
                if (!seen.add(f.name())) {
                    throw new IllegalArgumentException("function " + f.name() + " is specified twice");
                }
                all.add(f.withId(all.size()));
            }
        }
        return new TracedSpec(List.copyOf(all), Set.copyOf(noReturn), Set.copyOf(variadic));
    }
}
