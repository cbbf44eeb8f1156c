package io.shmemtrace.bench.generate;

import io.shmemtrace.bench.catalog.Catalog;
import io.shmemtrace.bench.config.BenchTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Writes the benchmark sources of a configuration: one program per test and language, and the C harness. */
public final class Generator {
    private Generator() {}

    /** One written source. */
    public record Source(BenchTest test, Language language, Path path) {}

    public static List<Source> write(List<BenchTest> tests, List<Language> languages, Path dir, Catalog catalog)
            throws IOException {
        Files.createDirectories(dir);
        List<Source> written = new ArrayList<>();
        if (languages.contains(Language.C) || languages.contains(Language.CPP)) {
            Files.writeString(dir.resolve(CSource.HARNESS_FILE), CSource.harness());
        }
        for (BenchTest test : tests) {
            for (Language lang : languages) {
                Path file;
                if (lang == Language.F90) {
                    FortranSource f = new FortranSource(test);
                    file = Files.writeString(dir.resolve(f.fileName()), f.text());
                } else {
                    CSource c = new CSource(test, lang, catalog);
                    file = Files.writeString(dir.resolve(c.fileName()), c.text());
                }
                written.add(new Source(test, lang, file));
            }
        }
        return written;
    }
}
