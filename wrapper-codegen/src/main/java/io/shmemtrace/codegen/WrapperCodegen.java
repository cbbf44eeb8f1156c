package io.shmemtrace.codegen;

import io.shmemtrace.codegen.emit.CWrapperEmitter;
import io.shmemtrace.codegen.emit.EventHeaderEmitter;
import io.shmemtrace.codegen.emit.EventTableEmitter;
import io.shmemtrace.codegen.emit.JavaEventIdsEmitter;
import io.shmemtrace.codegen.emit.JavaHookEmitter;
import io.shmemtrace.codegen.model.SpecExpander;
import io.shmemtrace.codegen.model.TracedSpec;
import io.shmemtrace.codegen.spec.SpecLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Command line of the generator:
 * {@code WrapperCodegen SPEC C_OUT_DIR [JAVA_OUT_DIR]} writes shmt_wrappers.c, shmt_events.h and
 * shmt_event_table.c to C_OUT_DIR, and the Java event ids to JAVA_OUT_DIR when given;
 * {@code WrapperCodegen --agent SPEC JAVA_OUT_DIR} writes the tracer agent's hooks.
 */
public final class WrapperCodegen {
    private WrapperCodegen() {}

    public static TracedSpec load(Path specFile) {
        return SpecExpander.expand(SpecLoader.load(specFile));
    }

    public static void main(String[] args) {
        if (args.length == 3 && args[0].equals("--agent")) {
            agent(Path.of(args[1]), Path.of(args[2]));
            return;
        }
        if (args.length < 2 || args.length > 3) {
            System.err.println("usage: WrapperCodegen SPEC C_OUT_DIR [JAVA_OUT_DIR]");
            System.exit(2);
        }
        try {
            TracedSpec spec = load(Path.of(args[0]));
            Path cOut = Files.createDirectories(Path.of(args[1]));
            Files.writeString(cOut.resolve("shmt_wrappers.c"), new CWrapperEmitter(spec).emit());
            Files.writeString(cOut.resolve("shmt_events.h"), EventHeaderEmitter.emit(spec));
            Files.writeString(cOut.resolve("shmt_event_table.c"), EventTableEmitter.emit(spec));
            if (args.length == 3) {
                JavaEventIdsEmitter.emit(spec).writeTo(Files.createDirectories(Path.of(args[2])));
            }
            System.out.println("wrapper-codegen: " + spec.functions().size() + " events from " + args[0]);
        } catch (IllegalArgumentException e) {
            System.err.println("wrapper-codegen: " + e.getMessage());
            System.exit(1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void agent(Path specFile, Path out) {
        try {
            TracedSpec spec = load(specFile);
            Path dir = Files.createDirectories(out);
            var files = JavaHookEmitter.emit(spec);
            for (var f : files) f.writeTo(dir);
            System.out.println("wrapper-codegen: " + (files.size() - 1) + " agent hooks from " + specFile);
        } catch (IllegalArgumentException e) {
            System.err.println("wrapper-codegen: " + e.getMessage());
            System.exit(1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
