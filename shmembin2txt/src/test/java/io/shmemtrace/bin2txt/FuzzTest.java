package io.shmemtrace.bin2txt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.testing.Checksums;
import io.shmemtrace.format.testing.Mutator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tool, run in-process as its main runs it, on a run directory whose PE 0 trace is damaged by a seeded mutator
 * (half of the copies with their checksums recomputed, so that garbage reaches the header checks and the decoders):
 * in every mode, the status is 0, 1 or 2, every line on stderr is one of the tools' (no stack trace), and nothing
 * a terminal would act on reaches stdout.
 */
class FuzzTest {
    private static final int INPUTS = 2000;
    private static final long SEED = 0x4655_5A5AL;
    private static final String[][] MODES = {{"--summary"}, {}, {"--csv"}, {"--patterns"}};

    @TempDir
    Path dir;

    @Test
    void everyDamagedRunEndsInAReportOrOneLine() throws Exception {
        Path valid = Files.createDirectories(dir.resolve("valid"));
        Runs.twoPes(valid);
        byte[] pe0 = Files.readAllBytes(valid.resolve("pe00000.shmt"));
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.copy(valid.resolve("pe00001.shmt"), run.resolve("pe00001.shmt"));
        Mutator mutator = new Mutator(SEED, 4096);
        int[] status = new int[3];
        assertTimeoutPreemptively(Duration.ofMinutes(3), () -> {
            for (int i = 0; i < INPUTS; i++) {
                byte[] bytes = mutator.mutate(pe0);
                if (mutator.coin()) Checksums.fix(bytes);
                Files.write(run.resolve("pe00000.shmt"), bytes);
                String[] mode = MODES[i % MODES.length];
                String[] args = new String[mode.length + 1];
                System.arraycopy(mode, 0, args, 0, mode.length);
                args[mode.length] = run.toString();
                String what = "input " + i + " of seed " + SEED + ", mode " + String.join(" ", mode);
                Runs.Result r;
                try {
                    r = Runs.run(args);
                } catch (Throwable e) {
                    throw new AssertionError(what + " escaped the tool", e);
                }
                assertTrue(r.status() >= 0 && r.status() <= 2, what + ": status " + r.status());
                status[Math.min(r.status(), 2)]++;
                for (String line : r.err().lines().toList()) {
                    // --patterns's merge too names the tool the user ran
                    assertTrue(line.startsWith("shmembin2txt: "), what + ":\n" + r.err());
                }
                assertTrue(r.out().chars().allMatch(c -> c == '\n' || c >= 0x20 && c != 0x7F), what + ": a control"
                        + " character on stdout");
            }
        });
        System.out.printf("shmembin2txt FuzzTest: %d inputs: status 0 %d, 1 %d, 2 %d%n", INPUTS, status[0], status[1],
                status[2]);
        assertEquals(INPUTS, status[0] + status[1] + status[2]);
    }
}
