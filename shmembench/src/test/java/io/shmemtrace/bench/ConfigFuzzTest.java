package io.shmemtrace.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.bench.catalog.Catalog;
import io.shmemtrace.bench.config.BenchConfig;
import io.shmemtrace.bench.config.BenchTest;
import io.shmemtrace.bench.config.ConfigException;
import io.shmemtrace.bench.generate.Generator;
import io.shmemtrace.bench.generate.Language;
import io.shmemtrace.format.testing.TextMutator;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * shmembench configurations mutated token by token from a seed (the calibration configuration as the start:
 * numbers past any range, sizes and counts that would loop or size buffers, options cut or doubled, bytes that are
 * not UTF-8): each is read into tests whose sources are generated, or refused with one line naming file and line;
 * never another exception or a loop that does not end.
 */
class ConfigFuzzTest {
    private static final int INPUTS = 1000;
    private static final long SEED = 0x4346_475AL;
    private static final String[] HOSTILE = {"0", "-1", "2147483647", "9223372036854775807", "99999999999999999999",
            "NaN", "1e9", "", "APIS=", "SIZES=0..8", "SIZES=8..0", "SIZES=1..9223372036854775807", "SIZES=8..",
            "SIZES=..8", "SIZES=1G..1G", "REPS=0", "REPS=-5", "REPS=10001", "REPS=", "APIS=,", "APIS=shmem_nothing",
            "APIS=shmem_putmem,shmem_putmem", "\u0000", "\u001b[2J", "#", "TESTNUM", "\uFFFD"};

    @TempDir
    Path dir;

    @Test
    void everyMutatedConfigurationIsReadOrRefusedInOneLine() throws Exception {
        String valid;
        try (InputStream in = BenchConfig.class.getResourceAsStream("/io/shmemtrace/bench/calibrate.cfg")) {
            valid = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Catalog catalog = Catalog.spec();
        TextMutator mutator = new TextMutator(SEED, HOSTILE);
        Path cfg = dir.resolve("fuzz.cfg");
        int[] outcomes = new int[2]; // read and generated, refused
        assertTimeoutPreemptively(Duration.ofMinutes(3), () -> {
            for (int i = 0; i < INPUTS; i++) {
                byte[] bytes = mutate(valid, mutator);
                Files.write(cfg, bytes);
                String what = "input " + i + " of seed " + SEED + ":\n" + new String(bytes, StandardCharsets.UTF_8);
                try {
                    List<BenchTest> tests = BenchConfig.load(cfg, catalog);
                    Generator.write(tests, List.of(Language.C), dir.resolve("gen"), catalog);
                    outcomes[0]++;
                } catch (ConfigException e) {
                    outcomes[1]++;
                    assertTrue(e.getMessage().startsWith(cfg + ":"), what + "\n" + e.getMessage());
                    assertFalse(e.getMessage().contains("\n"), what + "\n" + e.getMessage());
                } catch (Throwable e) {
                    throw new AssertionError(what + "\nescaped shmembench", e);
                }
            }
        });
        System.out.printf("shmembench ConfigFuzzTest: %d configurations: %d read and generated, %d refused%n", INPUTS,
                outcomes[0], outcomes[1]);
        assertTrue(outcomes[0] > INPUTS / 10 && outcomes[1] > INPUTS / 10, "the mutations reach both outcomes");
    }

    /** The text mutated, now and then with a byte that is not UTF-8. */
    private static byte[] mutate(String valid, TextMutator mutator) {
        byte[] bytes = mutator.mutate(valid).getBytes(StandardCharsets.UTF_8);
        if (mutator.nextInt(20) == 0) bytes[mutator.nextInt(bytes.length)] = (byte) 0xFF;
        return bytes;
    }
}
