package io.shmemtrace.replay.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.shmemtrace.format.testing.SyntheticRun;
import io.shmemtrace.io.Messages;
import io.shmemtrace.merged.merge.MergedRun;
import io.shmemtrace.merged.merge.RunReading;
import io.shmemtrace.replay.machine.Machine;
import io.shmemtrace.replay.machine.MachineFile;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.Models;
import io.shmemtrace.replay.testing.ReplayRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A prediction's interval from the trace's own variation and the calibration's modes, exact on synthetic runs. */
class IntervalTest {
    private static final long US = 1_000;
    private static final double NS = 1e-9;

    @TempDir
    Path dir;

    /**
     * PE 0 puts ten times, computing 1, 2, ..., 10 us before each; PE 1 waits at the barrier. The bursts of one kind
     * (a put after a put) are 2..10 us: median 6, tenth percentiles 2.8 and 9.2 (linear between the nine), so the
     * kind's 54 us become 54 x 2.8 / 6 = 25.2 us at the low end and 54 x 9.2 / 6 = 82.8 us at the high end; the first
     * put's 1 us is a kind seen once (no variation). On the traced times the window moves by exactly as much: 28.8 us.
     */
    @Test
    void theTracesOwnVariationMovesTheWindowByItsSlowAndFastTenth() throws Exception {
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000).all("shmem_malloc", 0, 0, 4096, 0x10000);
        for (int i = 1; i <= 10; i++) run.call(0, "shmem_putmem", i * US, 5 * US, 1, 8, 0x10000);
        run.all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000);
        Path trace = run.writeTo(Files.createDirectories(dir.resolve("varied")));
        Prediction p = predict(trace, "measured", null);
        assertEquals(28.8e-6, p.predicted() - p.low(), 1e-12);
        assertEquals(28.8e-6, p.high() - p.predicted(), 1e-12);
        // the words: the run's 55 us of computation, 28.8 us less or more
        assertEquals(String.format(java.util.Locale.ROOT, "every kind of burst at its fast and slow tenth: computation"
                + " %+.1f %% to %+.1f %%", -100 * 28.8 / 55, 100 * 28.8 / 55), p.intervalFrom());
    }

    /** Bursts that do not vary give no interval on the traced times (nothing measured gives it a width). */
    @Test
    void aRunThatDoesNotVaryHasNoInterval() throws Exception {
        Prediction p = predict(ReplayRuns.steps(dir, 0), "measured", null);
        assertFalse(p.hasInterval());
        assertEquals("", p.intervalFrom());
    }

    /** A machine file whose rows calibrate measured in two modes: the interval says it covers them. */
    @Test
    void rowsInTwoModesAreNamedInTheIntervalsWords() throws Exception {
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000).all("shmem_malloc", 0, 0, 4096, 0x10000);
        for (int i = 0; i < 10; i++) run.call(0, "shmem_putmem", 10 * US, 5 * US, 1, 8, 0x10000);
        run.all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000);
        Path trace = run.writeTo(Files.createDirectories(dir.resolve("modes")));
        Path machine = Files.writeString(dir.resolve("modes.cfg"), ReplayRuns.FREE_MACHINE.formatted("1.0")
                + "Model table put.call=8:1e-6:0.5e-6:4e-6 put.complete=8:3e-6:2e-6:5e-6\n"
                + "Model table modes=put.call@8\n");
        Prediction p = predict(trace, "table", machine);
        // a window of 10 x (10 us + call) - call + complete: 112 us; with the slow mode's 4 us calls and 5 us landing 141
        assertEquals(29e-6, p.high() - p.predicted(), 1e-12);
        assertEquals("every measured cost at its samples' fast and slow tenth (1 row measured in two modes: the"
                + " slow one)", p.intervalFrom());
    }

    /**
     * The interval is the smaller and the larger of its two ends' windows, whichever end gives which: PE 1 puts 8 B
     * to PE 0 10 us in; PE 0 computes until 20 us, then quiets, and serves the put there (transfers need their
     * target): what a put costs more both ways (3 us, no spread) than alone (1 us: 0.5 to 1.5). At the fast end of
     * the put's row the service is 2.5 us, at the slow end 1.5: the run ends 0.5 us later at the fast end and 0.5 us
     * sooner at the slow end than at the medians.
     */
    @Test
    void aFastEndThatMakesTheRunSlowerIsTheIntervalsHighEnd() throws Exception {
        SyntheticRun run = ReplayRuns.of(2).all("shmem_init", 0, 1000);
        run.call(1, "shmem_putmem", 10 * US, 1000, 0, 8, 0x10000).call(0, "shmem_quiet", 20 * US, 1000);
        Path trace = run.all("shmem_barrier_all", 0, 1000).all("shmem_finalize", 0, 1000)
                .writeTo(Files.createDirectories(dir.resolve("served")));
        Path machine = Files.writeString(dir.resolve("served.cfg"), ReplayRuns.FREE_MACHINE.formatted("1.0")
                + "Model progress rma=target static=target\n"
                + "Model table put.call=8:1e-6:0.5e-6:1.5e-6 put.complete=8:3e-6 put.mutual=8:3e-6 quiet.call=0:1e-7\n");
        Prediction p = predict(trace, "table", machine);
        assertEquals(0.5e-6, p.predicted() - p.low(), 1e-12);
        assertEquals(0.5e-6, p.high() - p.predicted(), 1e-12);
    }

    private static Prediction predict(Path trace, String model, Path machineFile) throws Exception {
        CommModel chosen = Models.named(model).orElseThrow();
        Machine machine = machineFile == null ? null : MachineFile.read(machineFile);
        return MergedRun.convert(trace, RunReading.DEFAULT, Messages.SILENT, f -> {
            try {
                Prediction p = Prediction.of(model, "", Simulation.replay(f, chosen, machine).run(), 0, null);
                Interval interval = Interval.of(f, chosen, machine);
                return interval.around(p, interval.ends(f, chosen));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
    }
}
