package io.shmemtrace.bench;

import io.shmemtrace.bench.catalog.Catalog;
import io.shmemtrace.bench.config.BenchTest;
import io.shmemtrace.bench.generate.Generator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "generate", mixinStandardHelpOptions = true, usageHelpWidth = 120,
        header = "Writes the benchmark sources of a configuration.",
        description = "Writes the benchmark sources of CONFIG: testN.c / testN.cpp / testN.f90 and shmembench.h.")
final class GenerateCommand extends BenchCommand {
    @Parameters(paramLabel = "CONFIG", description = "the configuration file")
    Path config;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "DIR", description = "directory for the sources")
    Path dir;

    @Override
    public Integer call() throws IOException {
        List<BenchTest> tests = load(config);
        if (tests == null) return 2;
        List<Generator.Source> written = Generator.write(tests, languages(), dir, Catalog.installed());
        for (Generator.Source s : written) {
            out().println(s.path() + "\ttest " + s.test().number() + "\t" + s.test().apis().size() + " APIs\t"
                    + s.test().cases().size() + " cases");
        }
        return 0;
    }
}
