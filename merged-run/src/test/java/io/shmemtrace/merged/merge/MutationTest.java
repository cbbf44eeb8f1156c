package io.shmemtrace.merged.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.format.testing.Mutator;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.read.PeEntry;
import io.shmemtrace.synth.SynthRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Thousands of damaged copies of a merged trace from a seeded mutator: every one is read task by task to
 * its records, or refused with one MergedFormatException line naming the file; never another exception or
 * a hang. Half of them are sealed again after the damage (checksums recomputed), so that garbage reaches the
 * header checks, the index and the record decoder.
 */
class MutationTest {
    private static final int INPUTS = 3000;
    private static final long SEED = 0x5053_494EL;

    @TempDir
    Path tmp;

    @Test
    void everyMutatedMergedTraceEndsInRecordsOrOneError() throws Exception {
        Path run = Files.createDirectories(tmp.resolve("run"));
        new SynthRun(4, 60, 1, 64 * 1024, "fuzz").writeTo(run);
        Path merged = tmp.resolve("run.psins");
        assertTrue(Merged.run(run, merged).merged());
        byte[] valid = Files.readAllBytes(merged);
        Path f = tmp.resolve("mutated.psins");
        Mutator mutator = new Mutator(SEED, 512); // header and index
        int[] outcomes = new int[2]; // read, refused
        assertTimeoutPreemptively(Duration.ofMinutes(3), () -> {
            for (int i = 0; i < INPUTS; i++) {
                byte[] bytes = mutator.mutate(valid);
                boolean sealed = mutator.coin();
                if (sealed) Seal.fix(bytes); // past the checksums, into the decoders
                Files.write(f, bytes);
                String what = "input " + i + " of seed " + SEED;
                try (MergedFile p = MergedFile.open(f)) {
                    long[] records = {0};
                    for (PeEntry t : p.tasks()) p.read(t.task(), r -> records[0]++);
                    outcomes[0]++;
                    // Every byte is under a checksum: damage left unsealed is always found.
                    assertTrue(sealed || Arrays.equals(bytes, valid), what + ": damage read as valid");
                } catch (MergedFormatException e) {
                    outcomes[1]++;
                    assertTrue(e.getMessage().startsWith(f + ": "), what + ": " + e.getMessage());
                    assertFalse(e.getMessage().contains("\n"), what + ": " + e.getMessage());
                } catch (Throwable e) {
                    throw new AssertionError(what + " escaped the reader", e);
                }
            }
        });
        System.out.printf("psins MutationTest: %d inputs: %d read, %d refused%n", INPUTS, outcomes[0], outcomes[1]);
        // Unsealed damage is always refused now; of the sealed copies, what the mutation spared reads.
        assertTrue(outcomes[0] > INPUTS / 20 && outcomes[1] > INPUTS / 10, "the mutations reach both outcomes");
    }
}
