package io.shmemtrace.bin2txt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.testing.Checksums;
import io.shmemtrace.format.testing.Mutator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What only the native tracer writes, damaged by a seeded mutator (issue 41: the fuzzers covered the Java writer's
 * traces only): the golden profile and the golden C trace, whose names blocks (regions, marks, pauses) and counts
 * blocks (paused calls) the Java writer cannot make. Half of the copies get their checksums recomputed, so that
 * garbage reaches the decoders. shmembin2txt, in-process as its main runs it, in every mode: status 0, 1 or 2,
 * every line on stderr the tool's own (no stack trace), nothing a terminal would act on on stdout, no hang.
 */
class GoldenFuzzTest {
    private static final Path GOLDEN = Path.of("src/test/golden");
    private static final int INPUTS = 1500;
    private static final String[][] MODES = {{"--summary"}, {}, {"--csv"}, {"--patterns"}, {"--html", "PAGE", "--force"}};

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

    /** Damages PE 0's file of the golden run name, seed by seed, and runs the tool on it in every mode. */
    private void fuzz(String name, long seed) throws Exception {
        Path run = Files.createDirectories(dir.resolve(name));
        try (var files = Files.list(GOLDEN.resolve(name))) {
            for (Path f : files.toList()) Files.copy(f, run.resolve(f.getFileName()));
        }
        byte[] pe0 = Files.readAllBytes(GOLDEN.resolve(name).resolve("pe00000.shmt"));
        Mutator mutator = new Mutator(seed, 4096);
        int[] status = new int[3];
        assertTimeoutPreemptively(Duration.ofMinutes(4), () -> {
            for (int i = 0; i < INPUTS; i++) {
                byte[] bytes = mutator.mutate(pe0);
                if (mutator.coin()) Checksums.fix(bytes);
                Files.write(run.resolve("pe00000.shmt"), bytes);
                String[] mode = MODES[i % MODES.length];
                String[] args = new String[mode.length + 1];
                System.arraycopy(mode, 0, args, 0, mode.length);
                for (int a = 0; a < mode.length; a++) if (mode[a].equals("PAGE")) args[a] = dir.resolve("page.html").toString();
                args[mode.length] = run.toString();
                String what = name + ": input " + i + " of seed " + seed + ", mode " + String.join(" ", mode);
                ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
                int s;
                try {
                    s = Shmembin2txt.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                            new PrintStream(err, true, StandardCharsets.UTF_8));
                } catch (Throwable e) {
                    throw new AssertionError(what + " escaped the tool", e);
                }
                assertTrue(s >= 0 && s <= 2, what + ": status " + s);
                status[Math.min(s, 2)]++;
                String errText = err.toString(StandardCharsets.UTF_8);
                for (String line : errText.lines().toList()) {
                    assertTrue(line.startsWith("shmembin2txt: "), what + ":\n" + errText);
                }
                String outText = out.toString(StandardCharsets.UTF_8);
                if (mode.length == 0 || !mode[0].equals("--html")) {
                    assertTrue(outText.chars().allMatch(c -> c == '\n' || c >= 0x20 && c != 0x7F), what
                            + ": a control character on stdout");
                }
            }
        });
        System.out.printf("GoldenFuzzTest %s: %d inputs: status 0 %d, 1 %d, 2 %d%n", name, INPUTS, status[0], status[1],
                status[2]);
        assertEquals(INPUTS, status[0] + status[1] + status[2]);
    }
}
