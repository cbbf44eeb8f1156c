package io.shmemtrace.codegen;

import io.shmemtrace.codegen.emit.BenchCatalogEmitter;
import io.shmemtrace.codegen.emit.CWrapperEmitter;
import io.shmemtrace.codegen.emit.EventHeaderEmitter;
import io.shmemtrace.codegen.emit.EventTableEmitter;
import io.shmemtrace.codegen.emit.FormatHeaderEmitter;
import io.shmemtrace.codegen.emit.JavaHookEmitter;
import io.shmemtrace.codegen.model.SpecExpander;
import io.shmemtrace.codegen.model.TracedSpec;
import io.shmemtrace.codegen.spec.SpecLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Command line of the generator, run by the Maven build:
 * <ul>
 * <li>{@code WrapperCodegen SPEC C_OUT_DIR}: shmt_wrappers_N.c, shmt_event_infos.c,
 *     shmt_prototypes.h,
 *     shmt_events.h, shmt_event_table.c and
 *     shmt_format.h for the native shim;</li>
 * <li>{@code WrapperCodegen --agent SPEC JAVA_OUT_DIR}: the tracer agent's hooks;</li>
 * <li>{@code WrapperCodegen --table SPEC FILE}: the spec's event table, encoded as every trace carries it, for
 *     the Java tools that make calls of their own (spec-events);</li>
 * <li>{@code WrapperCodegen --bench-catalog SPEC FILE}: the C signatures and meaning of every call, for
 *     shmembench's generated benchmarks.</li>
 * </ul>
 */
public final class WrapperCodegen {
    private WrapperCodegen() {}

    public static TracedSpec load(Path specFile) {
        return SpecExpander.expand(SpecLoader.load(specFile));
    }

    public static void main(String[] args) {
        boolean option = args.length == 3 && args[0].startsWith("--");
        if (!(option || args.length == 2) || (option && !args[0].matches("--agent|--table|--bench-catalog"))) {
            System.err.println("usage: WrapperCodegen [--agent | --table | --bench-catalog] SPEC OUT");
            System.exit(2);
        }
        Path spec = Path.of(args[option ? 1 : 0]);
        Path out = Path.of(args[option ? 2 : 1]);
        try {
            TracedSpec traced = load(spec);
            String what = !option ? shim(traced, out) : switch (args[0]) {
                case "--agent" -> agent(traced, out);
                case "--table" -> table(traced, out);
                default -> benchCatalog(traced, out);
            };
            System.out.println("wrapper-codegen: " + what + " from " + spec);
        } catch (IllegalArgumentException e) {
            System.err.println("wrapper-codegen: " + e.getMessage());
            System.exit(1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** shmt_wrappers_0.c ... : what make -j compiles side by side (native-shim/Makefile). */
    private static final int WRAPPER_PARTS = 4;

    private static String shim(TracedSpec spec, Path out) throws IOException {
        Path dir = Files.createDirectories(out);
        CWrapperEmitter wrappers = new CWrapperEmitter(spec);
        for (int part = 0; part < WRAPPER_PARTS; part++) {
            writeIfChanged(dir.resolve("shmt_wrappers_" + part + ".c"), wrappers.emit(part, WRAPPER_PARTS));
        }
        writeIfChanged(dir.resolve("shmt_event_infos.c"), wrappers.emitEventInfos());
        writeIfChanged(dir.resolve("shmt_prototypes.h"), wrappers.emitPrototypes());
        writeIfChanged(dir.resolve("shmt_events.h"), EventHeaderEmitter.emit(spec));
        writeIfChanged(dir.resolve("shmt_event_table.c"), EventTableEmitter.emit(spec));
        writeIfChanged(dir.resolve("shmt_format.h"), FormatHeaderEmitter.emit());
        return spec.functions().size() + " events";
    }

    /**
     * Writes text to file unless the file holds it already: an unchanged file keeps its time, so that make does not
     * compile the 1,782 wrappers again (1 min 43 s here) when nothing in the spec changed.
     */
    private static void writeIfChanged(Path file, String text) throws IOException {
        if (Files.isRegularFile(file) && Files.readString(file).equals(text)) return;
        Files.writeString(file, text);
    }

    private static String agent(TracedSpec spec, Path out) throws IOException {
        Path dir = Files.createDirectories(out);
        var files = JavaHookEmitter.emit(spec);
        for (var f : files) f.writeTo(dir);
        return (files.size() - 1) + " agent hooks";
    }

    private static String table(TracedSpec spec, Path out) throws IOException {
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.write(out, spec.eventTable().encode());
        return "event table of " + spec.functions().size() + " events";
    }

    private static String benchCatalog(TracedSpec spec, Path out) throws IOException {
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, BenchCatalogEmitter.emit(spec));
        return "benchmark catalog";
    }
}
