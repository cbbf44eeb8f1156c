package io.shmemtrace.bin2txt;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fuzzing of what only the native tracer writes (issue 41: the fuzzers covered the Java writer's traces only): the
 * golden profile and the golden C trace (tests/src/test/golden), whose names blocks (regions, marks, pauses) and
 * counts blocks (paused calls) the Java writer cannot make, 1,500 damaged copies each, in every mode (--html too).
 */
class GoldenFuzzTest {
    private static final Path GOLDEN = Path.of("../tests/src/test/golden");
    private static final int INPUTS = 1500;
    private static final String[][] MODES = {{"--summary"}, {}, {"--csv"}, {"--waits"}, {"--html", Fuzzing.PAGE, "--force"}};

    @TempDir
    Path dir;

    @Test
    void damagedProfilesEndInAReportOrOneLine() throws Exception {
        fuzz("profile-3", 0x5052_4F46L);
    }

    @Test
    void damagedNamesAndCountsBlocksEndInAReportOrOneLine() throws Exception {
        fuzz("trace-2.2-c", 0x4E41_4D45L);
    }

    private void fuzz(String name, long seed) throws Exception {
        Path run = Files.createDirectories(dir.resolve(name));
        try (var files = Files.list(GOLDEN.resolve(name))) {
            for (Path f : files.toList()) Files.copy(f, run.resolve(f.getFileName()));
        }
        Fuzzing.damageAndRead(name, run, Files.readAllBytes(run.resolve("pe00000.shmt")), seed, INPUTS, MODES);
    }
}
