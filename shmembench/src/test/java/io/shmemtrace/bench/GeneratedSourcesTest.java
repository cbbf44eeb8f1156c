package io.shmemtrace.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.bench.catalog.Api;
import io.shmemtrace.bench.catalog.Catalog;
import io.shmemtrace.bench.config.BenchClass;
import io.shmemtrace.bench.config.BenchConfig;
import io.shmemtrace.bench.config.BenchTest;
import io.shmemtrace.bench.generate.CSource;
import io.shmemtrace.bench.generate.FortranSource;
import io.shmemtrace.bench.generate.Generator;
import io.shmemtrace.bench.generate.Language;
import io.shmemtrace.bench.run.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every class generated in C and C++ and built with Open MPI's compilers; Fortran 90 syntax-checked. */
class GeneratedSourcesTest {
    @TempDir
    static Path dir;

    @ParameterizedTest
    @EnumSource(BenchClass.class)
    void everyClassBuildsInCAndCppAndIsValidFortran(BenchClass cls) throws Exception {
        BenchTest test = BenchConfig.parse("all.cfg", cls.number + " " + cls.number + " 16 2\n", Catalog.installed()).get(0);
        Path out = dir.resolve(cls.label);
        List<Generator.Source> sources = Generator.write(List.of(test), List.of(Language.values()), out, Catalog.installed());
        assertEquals(3, sources.size());
        String c = Files.readString(out.resolve("test" + cls.number + ".c"));
        for (Api api : test.apis()) assertTrue(c.contains(api.name() + "("), api.name() + " is called");
        // -Werror: the generated code is warning-free in both languages
        for (String[] build : List.of(new String[] {"oshcc", ".c"}, new String[] {"oshc++", ".cpp"})) {
            Processes.Result r = Processes.run(List.of(build[0], "-O1", "-Wall", "-Werror", "-o", "t" + build[1].substring(1),
                    "test" + cls.number + build[1], "-lm"), out, List.of(), 300);
            assertEquals(0, r.status(), build[0] + ":\n" + r.output());
        }
        Processes.Result f = Processes.run(List.of("oshfort", "-fsyntax-only", "test" + cls.number + ".f90"), out,
                List.of(), 120);
        assertEquals(0, f.status(), f.output());
        String fortran = Files.readString(out.resolve("test" + cls.number + ".f90"));
        for (Api api : new FortranSource(test).boundApis()) assertTrue(fortran.contains("call " + api.name() + "("), api.name());
    }

    /**
     * The library's queue rows (posts, then the quiet after them) come from one sample: five samples whose posts and
     * drain are (1, 9), (2, 8), (3, 1), (8, 2) and (9, 3) us have medians apart of 3 and 3, a pair no sample measured;
     * together they are 10, 10, 4, 10 and 12, whose median (the lower of the three tens by order) is the second
     * sample's: 2 and 8. Each row's low and high ends stay its own (of five samples, its fastest and slowest).
     */
    @Test
    void theQueuesPostsAndDrainComeFromOneSample() throws Exception {
        BenchTest test = BenchConfig.parse("pair.cfg", "1 1 16 2\n", Catalog.installed()).get(0);
        Path out = dir.resolve("pair");
        Generator.write(List.of(test), List.of(Language.C), out, Catalog.installed());
        String generated = Files.readString(out.resolve("test1.c"));
        String include = "#include \"shmembench.h\"\n";
        Files.writeString(out.resolve("pair.c"), generated.substring(0, generated.indexOf(include) + include.length()) + """
                int main(void) {
                    double posted[] = {1, 2, 3, 8, 9}, drained[] = {9, 8, 1, 2, 3};
                    stats p, d;
                    summarise_pair(posted, drained, 5, &p, &d);
                    printf("%g %g %g %g %g %g\\n", p.low, p.median, p.high, d.low, d.median, d.high);
                    return 0;
                }
                """);
        Processes.Result build = Processes.run(List.of("oshcc", "-Wall", "-Wno-unused-function", "-o", "pair", "pair.c",
                "-lm"), out, List.of(), 300);
        assertEquals(0, build.status(), build.output());
        Processes.Result run = Processes.run(List.of(out.resolve("pair").toString()), out, List.of(), 60);
        assertEquals(0, run.status(), run.output());
        assertEquals("1 2 9 1 8 9", run.output().strip());
    }

    @Test
    void aFunctionAddedToTheSpecIsBenchmarkedWithoutACodeChange() throws Exception {
        // a catalog as wrapper-codegen writes it, with one put the real spec does not have
        String extra = "shmem_demo_put\tput\tlocal\t4\tvoid\tlen\tint *|target;const int *|source;size_t|len;int|pe\n";
        String spec = new String(Catalog.class.getResourceAsStream("/io/shmemtrace/bench/bench-catalog.tsv")
                .readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        Catalog catalog = Catalog.parse(spec + extra);
        BenchTest test = BenchConfig.parse("c", "1 1 10 1\n", catalog).get(0);
        assertTrue(test.apis().stream().anyMatch(a -> a.name().equals("shmem_demo_put")));
        String c = new CSource(test, Language.C, catalog).text();
        assertTrue(c.contains("BENCH_COMPLETE(" + (test.apis().size() - 1)
                + ", API_shmem_demo_put, shmem_demo_put(PTR(dst), PTR(src), n, peer))"), c);
    }
}
