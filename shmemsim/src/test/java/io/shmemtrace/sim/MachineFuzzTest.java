package io.shmemtrace.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.testing.TextMutator;
import io.shmemtrace.sim.cli.Shmemsim;
import io.shmemtrace.replay.testing.ReplayRuns;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Machine files mutated token by token from a seed (numbers past any range, NaN and infinities, counts that would
 * size arrays, keys and lines doubled, dropped or cut): shmemsim, run in-process as its main runs it on a small
 * merged run under every model, predicts or refuses with lines of its own; never a stack trace, an out-of-memory,
 * a hang, or a prediction that is not a number.
 */
class MachineFuzzTest {
    private static final int INPUTS = 1000;
    private static final long SEED = 0x4D41_4348L;
    private static final String VALID = """
            # calibrated
            Machine 1 1.8e9 1.7e-6 4
            Node -1 8 1 1 5.0e9 2.0e-7 1.0
            Map -1 0
            Model loggp onnode.L=2e-7 onnode.o=1e-7 onnode.g=5e-8 onnode.G=1e-10 offnode.L=1e-6 offnode.o=2e-7 offnode.g=1e-7 offnode.G=5e-10
            Model table put.call=8:1e-6,1024:2e-6,65536:10e-6 put.complete=8:3e-6,1024:5e-6,65536:30e-6
            Model table quiet.call=0:1e-7 wait.seen=0:5e-7 barrier.members=2:3e-6,4:5e-6
            Model progress rma=target static=independent
            """;
    private static final String[] HOSTILE = {"NaN", "Infinity", "-Infinity", "1e308", "-1", "0", "2147483647",
            "-2147483648", "4294967296", "99999999999999999999", "0x10", "", "=", "8:", ":1e-6", "1e-6,", "a=b=c",
            "\u0000", "\u001b[2J", "-0", "1e-320"};
    private static final String[] MODELS = {"loggp", "table", "simple", "contention", "measured"};

    @TempDir
    Path dir;

    @Test
    void everyMutatedMachineFilePredictsOrIsRefusedInOneLine() throws Exception {
        Path run = ReplayRuns.of(2).all("shmem_init", 0, 1000)
                .call(0, "shmem_putmem", 10_000, 50_000, 1, 1024, 0x1000).call(0, "shmem_quiet", 0, 50_000)
                .all("shmem_barrier_all", 500, 100).all("shmem_finalize", 0, 1000)
                .writeTo(Files.createDirectories(dir.resolve("run")));
        TextMutator mutator = new TextMutator(SEED, HOSTILE);
        Path machine = dir.resolve("m.cfg");
        int[] outcomes = new int[3];
        assertTimeoutPreemptively(Duration.ofMinutes(3), () -> {
            for (int i = 0; i < INPUTS; i++) {
                Files.writeString(machine, mutator.mutate(VALID), StandardCharsets.UTF_8);
                String model = MODELS[i % MODELS.length];
                String what = "input " + i + " of seed " + SEED + " (" + model + "):\n" + Files.readString(machine);
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                ByteArrayOutputStream err = new ByteArrayOutputStream();
                int status;
                try {
                    status = Shmemsim.run(new String[] {"--comm-model", model, "-q", "--machine", machine.toString(),
                            run.toString()}, new PrintStream(out, true), new PrintStream(err, true));
                } catch (Throwable e) {
                    throw new AssertionError(what + " escaped shmemsim", e);
                }
                assertTrue(status >= 0 && status <= 2, what + "status " + status);
                outcomes[status]++;
                for (String line : err.toString(StandardCharsets.UTF_8).lines().toList()) {
                    assertTrue(line.startsWith("shmemsim: "), what + line);
                }
                String printed = out.toString(StandardCharsets.UTF_8);
                assertFalse(printed.contains("NaN") || printed.contains("Infinity"), what + printed);
            }
        });
        System.out.printf("shmemsim MachineFuzzTest: %d machine files: %d predicted, %d refused (status 1: %d)%n",
                INPUTS, outcomes[0], outcomes[2], outcomes[1]);
        assertEquals(INPUTS, outcomes[0] + outcomes[1] + outcomes[2]);
        assertTrue(outcomes[0] > INPUTS / 10 && outcomes[2] > INPUTS / 10, "the mutations reach both outcomes");
    }
}
