package io.shmemtrace.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shmemtrace.bench.catalog.Api;
import io.shmemtrace.bench.catalog.Catalog;
import io.shmemtrace.bench.config.BenchClass;
import io.shmemtrace.bench.config.BenchConfig;
import io.shmemtrace.bench.config.BenchTest;
import io.shmemtrace.bench.config.ConfigException;
import io.shmemtrace.format.Operation;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class BenchConfigTest {
    @org.junit.jupiter.api.io.TempDir
    java.nio.file.Path dir;

    @Test
    void aFileThatIsNotUtf8IsOneLine() throws Exception {
        java.nio.file.Path cfg = java.nio.file.Files.write(dir.resolve("bad.cfg"),
                new byte[] {'1', ' ', '1', ' ', '1', ' ', '1', ' ', (byte) 0xFF, '\n'});
        ConfigException e = assertThrows(ConfigException.class, () -> BenchConfig.load(cfg, Catalog.spec()));
        assertEquals(cfg + ": not UTF-8 text: not a configuration (text: TESTNUM TESTCLASS NELEMS STRIDE)", e.getMessage());
    }

    /** calibrate --largest 64K --size-step 4: a test over 8..1M measured at 8, 32, ..., 32K; one without sizes kept. */
    @Test
    void aThinnedTestMeasuresEveryStepthSizeUpToTheLargest() throws Exception {
        List<BenchTest> tests = BenchConfig.parse("c.cfg", "TESTNUM TESTCLASS NELEMS STRIDE\n"
                + "1 1 1 1 APIS=shmem_putmem SIZES=8..1M REPS=30\n2 3 1 1 APIS=shmem_barrier_all REPS=30\n", SPEC);
        long largest = BenchConfig.bytes("--largest", "64K");
        assertEquals(List.of(8L, 32L, 128L, 512L, 2048L, 8192L, 32768L), tests.get(0).thinned(largest, 4).sizes());
        assertEquals(List.of(8L), tests.get(0).thinned(4, 2).sizes()); // the first is always measured
        assertEquals(tests.get(1), tests.get(1).thinned(largest, 4));
    }

    /** The spec's APIs Open MPI's shmem.h declares (OpenSHMEM 1.4): what benchmarks built here can call. */
    private static final Catalog SPEC = Catalog.installed();

    @Test
    void readsThePapersConfigurationUnchanged() throws Exception {
        String paper = "TESTNUM\tTESTCLASS\tNELEMS\tSTRIDE\n1\t1\t100\t1\n2\t3\t900\t1\n3\t1\t5000\t4\n";
        // shipped as it is, for the README's commands
        assertEquals(paper, java.nio.file.Files.readString(java.nio.file.Path.of("../examples/shmembench/paper.cfg")));
        List<BenchTest> tests = BenchConfig.parse("paper.cfg", paper, SPEC);
        assertEquals(List.of(1, 2, 3), tests.stream().map(BenchTest::number).toList());
        assertEquals(List.of(BenchClass.PUT, BenchClass.COLLECTIVE, BenchClass.PUT),
                tests.stream().map(BenchTest::benchClass).toList());
        assertEquals(List.of(100L, 900L, 5000L), tests.stream().map(BenchTest::nelems).toList());
        assertEquals(List.of(1L, 1L, 4L), tests.stream().map(BenchTest::stride).toList());
        // the class is every put of the spec that the library declares (p, put, iput; blocking and nbi) whose element
        // size the spec gives: Open MPI 4.1's 113
        List<String> puts = SPEC.all().stream().filter(a -> BenchClass.PUT.includes(a.operation()))
                .map(Api::name).toList();
        assertEquals(puts, tests.get(0).apis().stream().map(Api::name).toList());
        assertEquals(113, puts.size());
        // NELEMS applies to calls that move several elements; p moves one
        BenchTest.Case p = tests.get(0).cases().stream().filter(c -> c.api().name().equals("shmem_long_p")).findFirst().orElseThrow();
        assertEquals(1, p.nelems());
        assertEquals(8, p.bytes());
        BenchTest.Case put = tests.get(2).cases().stream().filter(c -> c.api().name().equals("shmem_int_put")).findFirst().orElseThrow();
        assertEquals(5000, put.nelems());
        assertEquals(20000, put.bytes());
    }

    @Test
    void optionalColumnsChooseApisRepetitionsAndSizes() throws ConfigException {
        BenchTest t = BenchConfig.parse("c", "7 2 1 1 APIS=shmem_getmem,shmem_int_get REPS=9 SIZES=8..64\n", SPEC).get(0);
        assertEquals(List.of("shmem_getmem", "shmem_int_get"), t.apis().stream().map(Api::name).toList());
        assertEquals(9, t.maxReps());
        assertEquals(List.of(8L, 16L, 32L, 64L), t.sizes());
        // bytes per call at each size; an int get moves 4-byte elements
        assertEquals(List.of("shmem_getmem 8", "shmem_getmem 16", "shmem_getmem 32", "shmem_getmem 64",
                        "shmem_int_get 2", "shmem_int_get 4", "shmem_int_get 8", "shmem_int_get 16"),
                t.cases().stream().map(c -> c.api().name() + " " + c.nelems()).toList());
        assertEquals(List.of(1024L, 2048L), BenchConfig.parse("c", "1 1 1 1 SIZES=1K..2k", SPEC).get(0).sizes());
    }

    @Test
    void classesAreTheSpecsOperations() {
        for (BenchClass cls : BenchClass.values()) {
            for (Api a : BenchConfig.classApis(cls, SPEC)) {
                assertEquals(true, cls.includes(a.operation()), a.name());
            }
        }
        assertEquals(List.of(Operation.QUIET, Operation.FENCE), BenchConfig.classApis(BenchClass.SYNC, SPEC).stream()
                .limit(2).map(Api::operation).toList());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1 1 100                          | bench.cfg:2: expected TESTNUM TESTCLASS NELEMS STRIDE, found 3 fields",
        "1 one 100 1                      | bench.cfg:2: TESTCLASS 'one' is not a whole number",
        "1 6 100 1                        | bench.cfg:2: TESTCLASS 6 is not a class (1 put, 2 get, 3 collectives, 4 synchronisation, 5 atomics)",
        "1 1 0 1                          | bench.cfg:2: NELEMS 0 is below 1",
        "1 1 10 -2                        | bench.cfg:2: STRIDE -2 is below 1",
        "5 1 10 1                         | bench.cfg:2: test number 5 is used twice",
        "1 1 10 1 FOO=1                   | bench.cfg:2: unknown column 'FOO=1' (expected APIS=, REPS= or SIZES=)",
        "1 1 10 1 APIS=shmem_nothing      | bench.cfg:2: API shmem_nothing is not in event-spec.xml",
        "1 1 10 1 APIS=shmem_getmem       | bench.cfg:2: API shmem_getmem is not of class 1 (put)",
        "1 3 10 1 APIS=shmem_broadcast    | bench.cfg:2: API shmem_broadcast has no element size in event-spec.xml",
        "1 1 10 1 REPS=20000              | bench.cfg:2: REPS=20000 is over 10000",
        "1 1 10 1 SIZES=8..100            | bench.cfg:2: SIZES bound '100' is not a power of two",
        "1 1 10 1 SIZES=1M..8             | bench.cfg:2: SIZES=1M..8 goes down",
        "1 1 10 1 SIZES=8                 | bench.cfg:2: SIZES=8 is not a range LOW..HIGH",
        "1 1 10 1 SIZES=8..lots           | bench.cfg:2: SIZES bound 'lots' is not a size (like 8, 64K, 1M)",
    })
    void eachBadLineIsNamedByFileLineAndWhy(String line, String message) {
        String text = "5 1 10 1\n" + line.strip() + "\n";
        ConfigException e = assertThrows(ConfigException.class, () -> BenchConfig.parse("bench.cfg", text, SPEC));
        assertEquals(message, e.getMessage());
    }

    @Test
    void aFileWithoutTestsIsAnError() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> BenchConfig.parse("empty.cfg", "# nothing\nTESTNUM TESTCLASS NELEMS STRIDE\n", SPEC));
        assertEquals("empty.cfg: no test lines (TESTNUM TESTCLASS NELEMS STRIDE)", e.getMessage());
    }
}
