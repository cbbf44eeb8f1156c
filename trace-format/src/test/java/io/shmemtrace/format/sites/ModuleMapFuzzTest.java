package io.shmemtrace.format.sites;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.testing.Mutator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Module maps damaged byte by byte from a seed: each is read into modules whose paths can be used, or
 * refused with one line naming the file; never another exception. Each map read is then asked for sites, as the
 * tools do.
 */
class ModuleMapFuzzTest {
    private static final int INPUTS = 2000;
    private static final long SEED = 0x4D4F_4453L;
    private static final String VALID = """
            # shmemtrace modules 1: code start, code end, load bias, build id, path
            0x555555555000\t0x555555556000\t0x555555554000\t3f2a9c\t/work/run/jacobi
            0x7ffff7a00000\t0x7ffff7b80000\t0x7ffff79d8000\t-\t/usr/lib/x86_64-linux-gnu/libc.so.6
            0x7ffff7c00000\t0x7ffff7d80000\t0x7ffff7bd8000\tab12\t/work/dist/lib/libshmemtrace.so
            """;

    @TempDir
    Path dir;

    @Test
    void everyDamagedMapIsReadOrRefusedInOneLine() throws Exception {
        Path trace = dir.resolve("pe00000.shmt");
        Path map = dir.resolve("pe00000.modules");
        Mutator mutator = new Mutator(SEED, 64);
        int[] outcomes = new int[2];
        byte[] valid = VALID.getBytes(StandardCharsets.UTF_8);
        assertTimeoutPreemptively(Duration.ofMinutes(1), () -> {
            for (int i = 0; i < INPUTS; i++) {
                Files.write(map, mutator.mutate(valid));
                String what = "input " + i + " of seed " + SEED;
                try {
                    ModuleMap m = ModuleMap.beside(trace, 0);
                    for (Module module : m.modules()) {
                        assertTrue(module.path().chars().noneMatch(Character::isISOControl), what);
                        assertTrue(io.shmemtrace.format.InputFiles.badRecordedPath(module.path()) == null, what);
                    }
                    m.locate(0x555555555100L);
                    m.locate(0x7ffff7a00010L);
                    outcomes[0]++;
                } catch (ModuleMap.ModuleMapException e) {
                    outcomes[1]++;
                    assertTrue(e.getMessage().startsWith(map.toString()), what + ": " + e.getMessage());
                    assertFalse(e.getMessage().contains("\n"), what + ": " + e.getMessage());
                } catch (Throwable e) {
                    throw new AssertionError(what + " escaped the reader", e);
                }
            }
        });
        System.out.printf("ModuleMapFuzzTest: %d maps: %d read, %d refused%n", INPUTS, outcomes[0], outcomes[1]);
        assertEquals(INPUTS, outcomes[0] + outcomes[1]);
        assertTrue(outcomes[0] > INPUTS / 10 && outcomes[1] > INPUTS / 10, "the mutations reach both outcomes");
    }
}
