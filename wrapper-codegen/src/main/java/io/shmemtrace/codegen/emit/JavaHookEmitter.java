package io.shmemtrace.codegen.emit;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.shmemtrace.codegen.model.JavaHook;
import io.shmemtrace.codegen.model.TracedFunction;
import io.shmemtrace.codegen.model.TracedSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.lang.model.element.Modifier;

/**
 * Emits, with JavaPoet, the tracer agent's hooks: one ByteBuddy Advice class per &lt;java&gt; mapping of
 * event-spec.xml (time the method, then record its event with the mapped fields), and {@code AgentEvents}: the
 * event table of the mapped calls and the list of hooks the agent installs.
 */
public final class JavaHookEmitter {
    public static final String PACKAGE = "io.shmemtrace.agent.hooks";
    /** JavaTracer has a record overload for up to this many fields (it allocates nothing per call). */
    public static final int MAX_FIELDS = io.shmemtrace.format.Layout.MAX_JAVA_FIELDS;
    private static final ClassName ADVICE = ClassName.get("net.bytebuddy.asm", "Advice");
    private static final ClassName TRACER = ClassName.get("io.shmemtrace.agent", "JavaTracer");
    private static final ClassName HOOK = ClassName.get("io.shmemtrace.agent", "Hook");
    private static final Pattern ARGUMENT = Pattern.compile("\\$(\\d+)");

    private JavaHookEmitter() {}

    /** Every generated file: the hooks and AgentEvents. */
    public static List<JavaFile> emit(TracedSpec spec) {
        List<JavaFile> files = new ArrayList<>();
        CodeBlock.Builder hooks = CodeBlock.builder();
        List<TracedFunction> mapped = new ArrayList<>();
        for (TracedFunction f : spec.functions()) {
            for (int i = 0; i < f.javaHooks().size(); i++) {
                JavaHook h = f.javaHooks().get(i);
                String name = className(f.name()) + (i == 0 ? "" : Integer.toString(i + 1)) + "Hook";
                files.add(JavaFile.builder(PACKAGE, hook(f, h, name)).skipJavaLangImports(true).build());
                hooks.add("new $T($S, $S, $S, $S),\n", HOOK, h.className(), h.method(), h.descriptor(), PACKAGE + "." + name);
            }
            if (!f.javaHooks().isEmpty()) mapped.add(f);
        }
        files.add(JavaFile.builder(PACKAGE, agentEvents(mapped, hooks.build())).build());
        return files;
    }

    private static TypeSpec hook(TracedFunction f, JavaHook h, String name) {
        if (h.fields().size() > MAX_FIELDS) {
            throw new IllegalArgumentException(f.name() + ": a <java> mapping records at most " + MAX_FIELDS
                    + " fields, " + h.className() + "." + h.method() + " gives " + h.fields().size());
        }
        // suppress: whatever goes wrong inside a hook (a field expression that throws, the tracer failing) is
        // dropped there and never reaches the program; the method itself runs and returns as it would untraced.
        MethodSpec enter = MethodSpec.methodBuilder("enter")
                .addAnnotation(AnnotationSpec.builder(ADVICE.nestedClass("OnMethodEnter"))
                        .addMember("suppress", "$T.class", Throwable.class).build())
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(long.class)
                .addStatement("return $T.now()", TRACER)
                .build();
        MethodSpec.Builder exit = MethodSpec.methodBuilder("exit")
                .addAnnotation(AnnotationSpec.builder(ADVICE.nestedClass("OnMethodExit"))
                        .addMember("onThrowable", "$T.class", Throwable.class)
                        .addMember("suppress", "$T.class", Throwable.class).build())
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(ParameterSpec.builder(long.class, "start").addAnnotation(ADVICE.nestedClass("Enter")).build())
                .addParameter(ParameterSpec.builder(Throwable.class, "thrown")
                        .addAnnotation(ADVICE.nestedClass("Thrown")).build());
        String all = String.join(" ", h.fields()) + " " + h.peExpr() + " " + h.npesExpr();
        if (all.contains("$this")) {
            exit.addParameter(ParameterSpec.builder(type(h.className()), "self")
                    .addAnnotation(ADVICE.nestedClass("This")).build());
        }
        for (int i = 0; i < h.paramTypes().size(); i++) {
            if (!Pattern.compile("\\$" + i + "(?!\\d)").matcher(all).find()) continue;
            exit.addParameter(ParameterSpec.builder(type(h.paramTypes().get(i)), "a" + i)
                    .addAnnotation(AnnotationSpec.builder(ADVICE.nestedClass("Argument")).addMember("value", "$L", i).build())
                    .build());
        }
        if (all.contains("$return")) {
            exit.addParameter(ParameterSpec.builder(type(h.returnType()), "ret")
                    .addAnnotation(ADVICE.nestedClass("Return")).build());
        }
        CodeBlock.Builder args = CodeBlock.builder().add("$L, start", f.id());
        for (String field : h.fields()) args.add(", (long) ($L)", java(field));
        exit.beginControlFlow("if (thrown == null)");
        if (f.isInit()) exit.addStatement("$T.start($L, $L, start)", TRACER, java(h.peExpr()), java(h.npesExpr()));
        exit.addStatement("$T.record($L)", TRACER, args.build());
        if (f.isFinalize()) exit.addStatement("$T.finish()", TRACER);
        exit.endControlFlow();
        return TypeSpec.classBuilder(name)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("$L: $L.$L($L). Generated by wrapper-codegen from event-spec.xml: do not edit.\n",
                        f.name(), h.className(), h.method(), String.join(", ", h.paramTypes()))
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethod(enter)
                .addMethod(exit.build())
                .build();
    }

    /** $this, $k and $return of the spec in the advice method's parameter names. */
    static String java(String expr) {
        Matcher m = ARGUMENT.matcher(expr.replace("$this", "self").replace("$return", "ret"));
        return m.replaceAll("a$1");
    }

    private static TypeSpec agentEvents(List<TracedFunction> mapped, CodeBlock hooks) {
        ClassName eventTable = ClassName.get("io.shmemtrace.format", "EventTable");
        ClassName eventDef = ClassName.get("io.shmemtrace.format", "EventDef");
        ClassName fieldDef = ClassName.get("io.shmemtrace.format", "FieldDef");
        ClassName fieldKind = ClassName.get("io.shmemtrace.format", "FieldKind");
        ClassName category = ClassName.get("io.shmemtrace.format", "Category");
        ClassName operation = ClassName.get("io.shmemtrace.format", "Operation");
        ClassName completion = ClassName.get("io.shmemtrace.format", "Completion");
        CodeBlock.Builder defs = CodeBlock.builder();
        for (TracedFunction f : mapped) {
            CodeBlock.Builder fields = CodeBlock.builder();
            for (int i = 0; i < f.recorded().size(); i++) {
                var field = f.recorded().get(i).field();
                fields.add(i == 0 ? "" : ", ").add("new $T($S, $T.$L)", fieldDef, field.name(), fieldKind, field.kind());
            }
            defs.add("new $T($L, $S, $T.$L, $L, $L, $T.of($L), $T.$L, $T.$L),\n", eventDef, f.id(), f.name(), category,
                    f.category(), f.flags(), f.elemSize(), List.class, fields.build(), operation, f.operation(), completion,
                    f.completion());
        }
        return TypeSpec.classBuilder("AgentEvents")
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("The calls the agent records and where it hooks them. Generated by wrapper-codegen from"
                        + " event-spec.xml: do not edit.\n")
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethod(MethodSpec.methodBuilder("table")
                        .addJavadoc("The event table of the Java layer's trace files: the mapped calls, with the ids"
                                + " and fields the native layer gives them.\n")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(eventTable)
                        .addStatement("return new $T($T.of(\n$>$L$<))", eventTable, List.class, trimComma(defs.build()))
                        .build())
                .addMethod(MethodSpec.methodBuilder("hooks")
                        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                        .returns(com.palantir.javapoet.ParameterizedTypeName.get(ClassName.get(List.class), HOOK))
                        .addStatement("return $T.of(\n$>$L$<)", List.class, trimComma(hooks))
                        .build())
                .build();
    }

    private static CodeBlock trimComma(CodeBlock block) {
        String s = block.toString();
        return CodeBlock.of("$L", s.endsWith(",\n") ? s.substring(0, s.length() - 2) : s);
    }

    private static TypeName type(String javaType) {
        if (javaType.endsWith("[]")) return ArrayTypeName.of(type(javaType.substring(0, javaType.length() - 2)));
        return switch (javaType) {
            case "void" -> TypeName.VOID;
            case "boolean" -> TypeName.BOOLEAN;
            case "byte" -> TypeName.BYTE;
            case "char" -> TypeName.CHAR;
            case "short" -> TypeName.SHORT;
            case "int" -> TypeName.INT;
            case "long" -> TypeName.LONG;
            case "float" -> TypeName.FLOAT;
            case "double" -> TypeName.DOUBLE;
            default -> ClassName.bestGuess(javaType);
        };
    }

    /** shmem_long_put -> ShmemLongPut */
    private static String className(String function) {
        StringBuilder s = new StringBuilder();
        for (String part : function.split("_")) {
            if (!part.isEmpty()) s.append(part.substring(0, 1).toUpperCase(Locale.ROOT)).append(part.substring(1));
        }
        return s.toString();
    }
}
