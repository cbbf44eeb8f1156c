package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A setting the tracer does not take is never taken for something else (issue 41, item 13): under real oshrun, one
 * line from PE 0 names the setting, its value and the default, and the run is traced with the default.
 */
class SettingsTest {
    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "SHMEMTRACE_MAX_BYTES|-1|not a size this setting takes (bytes; suffix K, M or G); the default, 2G",
        "SHMEMTRACE_MAX_BYTES|17179869184G|not a size this setting takes (bytes; suffix K, M or G); the default, 2G",
        "SHMEMTRACE_BLOCK_SIZE|8192x|not a size this setting takes (4096 to 67108864 bytes, a multiple of 4096; suffix K, M"
            + " or G); the default, 1M",
        "SHMEMTRACE_BLOCK_SIZE|1G|not a size this setting takes (4096 to 67108864 bytes, a multiple of 4096; suffix K, M"
            + " or G); the default, 1M",
        "SHMEMTRACE_INCLUDE|,,,|names no function; the default, every function"})
    void aValueNotTakenIsOneLineAndTheDefault(String name, String value, String why) throws Exception {
        Path dir = Workspace.freshDir("settings-" + name + "-" + Integer.toHexString(value.hashCode()));
        Command.Result r = Programs.traced(2, dir, Programs.compile("crash"), "finalize", "100").env(name, value).runOk();
        List<String> lines = r.stderr().lines().filter(l -> l.startsWith("shmemtrace: SHMEMTRACE_")).toList();
        assertEquals(List.of("shmemtrace: " + name + "=" + value + ": " + why), lines, r.describe());
        for (int pe = 0; pe < 2; pe++) {
            try (TraceFile f = TraceFile.open(Traces.peFile(dir, pe))) {
                assertEquals(1 << 20, f.header().blockSize());
            }
            assertEquals(100L, Traces.count(Traces.peFile(dir, pe)).of("shmem_long_p"), "every call recorded");
        }
    }

    /** 10,000 selectors that select nothing: five lines name the first five, one counts the rest (not 10,000 lines). */
    @org.junit.jupiter.api.Test
    void selectorsThatSelectNothingTakeSixLines() throws Exception {
        String selectors = IntStream.range(0, 10_000).mapToObj(i -> "nosuch" + i).collect(Collectors.joining(","));
        Command.Result r = Programs.traced(1, Workspace.freshDir("settings-selectors"), Programs.compile("crash"),
                "finalize", "10").env("SHMEMTRACE_EXCLUDE", selectors).runOk();
        List<String> lines = r.stderr().lines().filter(l -> l.startsWith("shmemtrace: SHMEMTRACE_EXCLUDE")).toList();
        assertEquals(List.of("shmemtrace: SHMEMTRACE_EXCLUDE: 'nosuch0' selects no traced function",
                "shmemtrace: SHMEMTRACE_EXCLUDE: 'nosuch1' selects no traced function",
                "shmemtrace: SHMEMTRACE_EXCLUDE: 'nosuch2' selects no traced function",
                "shmemtrace: SHMEMTRACE_EXCLUDE: 'nosuch3' selects no traced function",
                "shmemtrace: SHMEMTRACE_EXCLUDE: 'nosuch4' selects no traced function",
                "shmemtrace: SHMEMTRACE_EXCLUDE: and 9995 more selectors that select no traced function"), lines);
    }
}
