package io.shmemtrace.bin2txt;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fuzzing of a run written by the Java writer (Runs.twoPes): every damaged copy ends in a report or one line. */
class FuzzTest {
    private static final int INPUTS = 2000;
    private static final long SEED = 0x4655_5A5AL;
    private static final String[][] MODES = {{"--summary"}, {}, {"--csv"}, {"--waits"}};

    @TempDir
    Path dir;

    @Test
    void everyDamagedRunEndsInAReportOrOneLine() throws Exception {
        Path valid = Files.createDirectories(dir.resolve("valid"));
        Runs.twoPes(valid);
        byte[] pe0 = Files.readAllBytes(valid.resolve("pe00000.shmt"));
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.copy(valid.resolve("pe00001.shmt"), run.resolve("pe00001.shmt"));
        Fuzzing.damageAndRead("Java writer's run", run, pe0, SEED, INPUTS, MODES);
    }
}
