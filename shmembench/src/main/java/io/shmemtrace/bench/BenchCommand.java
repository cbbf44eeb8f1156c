package io.shmemtrace.bench;

import io.shmemtrace.bench.catalog.Catalog;
import io.shmemtrace.bench.config.BenchConfig;
import io.shmemtrace.bench.config.BenchTest;
import io.shmemtrace.bench.config.ConfigException;
import io.shmemtrace.bench.generate.Generator;
import io.shmemtrace.bench.generate.Language;
import io.shmemtrace.bench.run.Toolchain;
import io.shmemtrace.bench.run.Toolchain.Built;
import io.shmemtrace.io.Temporary;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** What the subcommands share: the streams, loading a configuration, generating and building its programs. */
abstract class BenchCommand implements Callable<Integer> {
    @ParentCommand
    Shmembench parent;

    @Option(names = "--lang", split = ",", paramLabel = "LANG", defaultValue = "c",
            description = "languages to generate: c, cpp, f90 (default: ${DEFAULT-VALUE})")
    List<String> languages;

    PrintStream out() {
        return parent.out;
    }

    PrintStream err() {
        return parent.err;
    }

    List<Language> languages() {
        return languages.stream().map(Language::of).distinct().toList();
    }

    /** The configuration's tests, or null after printing the one-line reason. */
    List<BenchTest> load(Path config) throws IOException {
        try {
            return BenchConfig.load(config, Catalog.installed());
        } catch (ConfigException e) {
            err().println("shmembench: " + e.getMessage());
            return null;
        } catch (NoSuchFileException e) {
            err().println("shmembench: " + config + ": no such file");
            return null;
        }
    }

    /** Generates and builds; prints one line per source that did not build. */
    List<Built> generateAndBuild(List<BenchTest> tests, Path dir, List<String> flags)
            throws IOException, InterruptedException {
        List<Built> built = new ArrayList<>();
        for (Generator.Source s : Generator.write(tests, languages(), dir, Catalog.installed())) {
            Built b = Toolchain.build(s, flags);
            if (!b.ok()) err().println("shmembench: " + s.path().getFileName() + ": " + b.problem()
                    + (b.skipped() ? " (skipped)" : ""));
            built.add(b);
        }
        return built;
    }

    /** A configuration kept in this jar (calibrate's, verify's). */
    static List<BenchTest> builtIn(String resource) throws IOException {
        try (java.io.InputStream in = BenchCommand.class.getResourceAsStream(resource)) {
            return BenchConfig.parse(resource.substring(resource.lastIndexOf('/') + 1),
                    new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8), Catalog.installed());
        } catch (ConfigException e) {
            throw new IllegalStateException("the built-in configuration is wrong: " + e.getMessage(), e);
        }
    }

    static Path temporaryDirectory(String what) throws IOException {
        return Temporary.directory(null, "shmembench-" + what + "-").path(); // removed when the tool ends
    }
}
