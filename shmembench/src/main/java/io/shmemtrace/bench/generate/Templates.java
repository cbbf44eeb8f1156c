package io.shmemtrace.bench.generate;

import io.shmemtrace.bench.config.BenchClass;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** The static parts of the generated sources: the harness and one template per class (resources). */
final class Templates {
    private Templates() {}

    static String harness() {
        return load("harness.h");
    }

    static String main() {
        return load("main.tmpl");
    }

    static String of(BenchClass cls) {
        return load(cls.name().toLowerCase(Locale.ROOT) + ".tmpl");
    }

    private static String load(String name) {
        try (InputStream in = Templates.class.getResourceAsStream("/io/shmemtrace/bench/templates/" + name)) {
            if (in == null) throw new IllegalStateException("template " + name + " is missing from the jar");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
