package io.shmemtrace.bin2txt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.testing.Checksums;
import io.shmemtrace.format.testing.Mutator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The tool, run in-process as its main runs it, on a run directory whose PE 0 trace is damaged by a seeded mutator
 * (half of the copies with their checksums recomputed, so that garbage reaches the header checks and the decoders):
 * in every mode, the status is 0, 1 or 2, every line on stderr is one of the tools' (no stack trace), nothing a
 * terminal would act on reaches stdout (but a page's HTML), and no input hangs it.
 */
final class Fuzzing {
    /** Where a mode's output file goes: --html PAGE is given a path in the run's parent. */
    static final String PAGE = "PAGE";

    private Fuzzing() {}

    /** inputs damaged copies of pe0 written as run's PE 0 in turn, each read in the next of modes; prints the tally. */
    static void damageAndRead(String name, Path run, byte[] pe0, long seed, int inputs, String[][] modes) {
        Mutator mutator = new Mutator(seed, 4096);
        int[] status = new int[3];
        assertTimeoutPreemptively(Duration.ofMinutes(4), () -> {
            for (int i = 0; i < inputs; i++) {
                byte[] bytes = mutator.mutate(pe0);
                if (mutator.coin()) Checksums.fix(bytes);
                Files.write(run.resolve("pe00000.shmt"), bytes);
                String[] mode = modes[i % modes.length];
                String[] args = new String[mode.length + 1];
                for (int a = 0; a < mode.length; a++) {
                    args[a] = mode[a].equals(PAGE) ? run.resolveSibling("page.html").toString() : mode[a];
                }
                args[mode.length] = run.toString();
                String what = name + ": input " + i + " of seed " + seed + ", mode " + String.join(" ", mode);
                Runs.Result r;
                try {
                    r = Runs.run(args);
                } catch (Throwable e) {
                    throw new AssertionError(what + " escaped the tool", e);
                }
                assertTrue(r.status() >= 0 && r.status() <= 2, what + ": status " + r.status());
                status[Math.min(r.status(), 2)]++;
                for (String line : r.err().lines().toList()) {
                    // the wait states' merge too names the tool the user ran
                    assertTrue(line.startsWith("shmembin2txt: "), what + ":\n" + r.err());
                }
                if (!java.util.List.of(mode).contains(PAGE)) {
                    assertTrue(r.out().chars().allMatch(c -> c == '\n' || c >= 0x20 && c != 0x7F), what
                            + ": a control character on stdout");
                }
            }
        });
        System.out.printf("shmembin2txt fuzzing %s: %d inputs: status 0 %d, 1 %d, 2 %d%n", name, inputs, status[0],
                status[1], status[2]);
        assertEquals(inputs, status[0] + status[1] + status[2]);
    }
}
