package io.shmemtrace.bench;

import io.shmemtrace.replay.machine.MachineWriter;
import io.shmemtrace.replay.model.LogGP;
import io.shmemtrace.bench.calibrate.CostTable;
import io.shmemtrace.bench.calibrate.FasterOfTwo;
import io.shmemtrace.bench.calibrate.SameTransfer;
import io.shmemtrace.bench.calibrate.Noise;
import io.shmemtrace.bench.calibrate.LinearFit;
import io.shmemtrace.bench.catalog.Catalog;
import io.shmemtrace.bench.config.BenchConfig;
import io.shmemtrace.bench.config.BenchTest;
import io.shmemtrace.bench.config.ConfigException;
import io.shmemtrace.bench.run.Deadline;
import io.shmemtrace.bench.run.Row;
import io.shmemtrace.io.OutputFiles;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "calibrate", mixinStandardHelpOptions = true, usageHelpWidth = 120,
        header = "Measures this machine and writes a machine file for shmemsim.",
        description = {"Measures this machine with a built-in configuration (puts, gets, their _nbi forms, p, g, iput,",
                "iget, atomics, waits, fence, quiet, barrier and the collectives over their sizes), fits latency,",
                "bandwidth and LogGP parameters, prints them with the fit's error, and writes a machine file for",
                "shmemsim (PSINS Machine/Node lines, Model lines, and the measured rows as the table model's)."})
final class CalibrateCommand extends BenchCommand {
    private static final String BUILT_IN = "/io/shmemtrace/bench/calibrate.cfg";
    /** The same calls on static symmetric data (globals), which some libraries reach another way. */
    private static final String BUILT_IN_STATIC = "/io/shmemtrace/bench/calibrate-static.cfg";
    /** The one-sided calls a PE makes to itself, which libraries serve without the network. */
    private static final String BUILT_IN_SELF = "/io/shmemtrace/bench/calibrate-self.cfg";
    /**
     * A put + quiet that takes this many times its idle time while the target computes (ten times that time per
     * call) waited for the target; a barrier that takes this many times its bare time past every PE's computing (ten
     * times that) waited for the last PE's next call: halfway between the two outcomes, far from both.
     */
    private static final double PROGRESS_FACTOR = 5;

    @Mixin
    PesOption pes;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE", description = "the machine file to write")
    Path output;

    @Option(names = "--force", description = "replace an existing machine file")
    boolean force;

    @Option(names = "--deadline", paramLabel = "SECONDS", defaultValue = "120", description = "finish within about"
            + " this long (default ${DEFAULT-VALUE}): on a busy machine the rows get fewer samples (each says its error)"
            + " rather than taking their time")
    long deadlineSeconds;

    @Option(names = "--largest", paramLabel = "SIZE", defaultValue = "1M", description = "the largest transfer measured"
            + " (default ${DEFAULT-VALUE}; 64K and the like for a slow link: shmemsim extends the last measured"
            + " bandwidth past it)")
    String largest;

    @Option(names = "--size-step", paramLabel = "N", defaultValue = "2", description = "each size measured N times the"
            + " one before (default ${DEFAULT-VALUE}: every power of two; 4 or 8 measures half or a third as many)")
    int sizeStep;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (pes.npes < 2) {
            err().println("shmembench: calibrate needs 2 PEs at least (--np)");
            return 2;
        }
        if (OutputFiles.refused(err(), "shmembench", force, output)) return 1; // before a minute of measuring
        long largestBytes;
        try {
            largestBytes = BenchConfig.bytes("--largest", largest);
        } catch (ConfigException e) {
            err().println("shmembench: " + e.getMessage());
            return 2;
        }
        if (sizeStep < 2 || Integer.bitCount(sizeStep) != 1) {
            err().println("shmembench: --size-step " + sizeStep + " is not a power of two of 2 or more");
            return 2;
        }
        List<BenchTest> heap = thinned(builtIn(BUILT_IN), largestBytes),
                globals = thinned(builtIn(BUILT_IN_STATIC), largestBytes), self = thinned(builtIn(BUILT_IN_SELF), largestBytes);
        Deadline deadline = new Deadline(deadlineSeconds, cases(heap) + 2 * cases(globals) + cases(self));
        RunCommand.Results results = measure(heap, "calibrate", List.of(), deadline);
        // twice, in two processes, row by row the faster: the library has a slow mode on globals (FasterOfTwo)
        RunCommand.Results staticOnce = measure(globals, "calibrate-static", List.of("-DBENCH_STATIC_DATA"), deadline);
        RunCommand.Results staticAgain = measure(globals, "calibrate-static-again", List.of("-DBENCH_STATIC_DATA"),
                deadline);
        List<String> slowModes = new ArrayList<>();
        FasterOfTwo.Kept twice = FasterOfTwo.of(staticOnce.rows(), staticAgain.rows(), slowModes::add);
        // a one-element put or get in a slow mode, told by the bytes call's row of the same transfer
        List<String> heapModes = new ArrayList<>();
        FasterOfTwo.Kept staticKept = SameTransfer.of(twice.rows(), twice.modes(), Catalog.spec(), slowModes::add);
        FasterOfTwo.Kept heapKept = SameTransfer.of(results.rows(), Set.of(), Catalog.spec(), heapModes::add);
        List<Row> staticRows = staticKept.rows();
        RunCommand.Results selfResults = measure(self, "calibrate-self", List.of("-DBENCH_SELF"), deadline);
        List<Row> rows = heapKept.rows();
        LinearFit put = fit(rows, "shmem_putmem", "+quiet");
        LinearFit get = fit(rows, "shmem_getmem", "return");
        LinearFit nbi = fit(rows, "shmem_putmem_nbi", "full");
        double post = smallest(rows, "shmem_putmem_nbi", "post");
        double barrier = smallest(rows, "shmem_barrier_all", "loop");
        double halfRoundTrip = smallest(rows, "shmem_long_wait_until", "rtt/2");
        double full = smallest(rows, "shmem_putmem_nbi", "full");
        double busyTarget = smallest(rows, "shmem_putmem_nbi", "busy-target");
        if (put == null || get == null || nbi == null || Double.isNaN(post) || Double.isNaN(barrier)
                || Double.isNaN(halfRoundTrip) || Double.isNaN(busyTarget)) {
            err().println("shmembench: calibrate: the measurements are incomplete (" + results.failures() + " failures)");
            return 1;
        }
        // L: how long a put takes to be seen by a PE polling for it, beyond the two overheads (put, poll): from
        // the ping-pong of waits, since put + quiet only measures when the source may be reused here
        LogGP onNode = new LogGP(Math.max(0, halfRoundTrip - 2 * post), post, post, put.secondsPerByte());
        double step = barrier / Math.max(1, 32 - Integer.numberOfLeadingZeros(pes.npes - 1));
        List<Row> measured = new ArrayList<>(rows);
        measured.addAll(staticRows);
        measured.addAll(selfResults.rows());
        Noise noise = Noise.of(measured);
        String provenance = String.format(Locale.ROOT, "shmembench calibrate on %s, %d PEs on one host, %s%n"
                        + "fits over 8 B..%s (sizes x%d), medians; RMS relative fit error: put %.1f %%, get %.1f %%, put_nbi %.1f %%%s",
                host(), pes.npes, Instant.now().toString().substring(0, 19), largest, sizeStep, 100 * put.rmsRelativeError(),
                100 * get.rmsRelativeError(), 100 * nbi.rmsRelativeError(), noise == null ? "" : "\nnoise: " + noise.line());
        CostTable table = CostTable.of(Catalog.spec(), pes.npes).add(rows, "", heapKept.modes())
                .add(staticRows, CostTable.STATIC, staticKept.modes())
                .add(selfResults.rows(), CostTable.SELF);
        // the target computed ten times the full time per call: a transfer that needs it takes about that long
        boolean needsTarget = busyTarget > PROGRESS_FACTOR * full;
        double staticFull = smallest(staticRows, "shmem_putmem_nbi", "full");
        double staticBusy = smallest(staticRows, "shmem_putmem_nbi", "busy-target");
        boolean staticNeedsTarget = Double.isNaN(staticBusy) ? needsTarget : staticBusy > PROGRESS_FACTOR * staticFull;
        // every PE computed ten times the bare barrier before each: about the bare time past the computation where the
        // last PE's messages go on their own, about ten times more where they wait for its next call
        double barrierBusy = smallest(rows, "shmem_barrier_all", "busy-all");
        boolean messagesNeedSender = barrierBusy > PROGRESS_FACTOR * barrier; // false for NaN (one PE)
        MachineWriter machine = new MachineWriter(Runtime.getRuntime().availableProcessors(), onNode, null, step,
                table.rows(), needsTarget, staticNeedsTarget, messagesNeedSender, provenance);
        out().printf(Locale.ROOT, "put (+quiet):   latency %8.4f us   bandwidth %8.3f GB/s   fit error %5.1f %%%n",
                put.latencySeconds() * 1e6, put.bandwidth() / 1e9, 100 * put.rmsRelativeError());
        out().printf(Locale.ROOT, "get:            latency %8.4f us   bandwidth %8.3f GB/s   fit error %5.1f %%%n",
                get.latencySeconds() * 1e6, get.bandwidth() / 1e9, 100 * get.rmsRelativeError());
        out().printf(Locale.ROOT, "put_nbi (full): latency %8.4f us   bandwidth %8.3f GB/s   fit error %5.1f %%%n",
                nbi.latencySeconds() * 1e6, nbi.bandwidth() / 1e9, 100 * nbi.rmsRelativeError());
        out().printf(Locale.ROOT, "LogGP on-node:  L %.4f us   o %.4f us   g %.4f us   G %.6f ns/byte%n",
                onNode.L() * 1e6, onNode.o() * 1e6, onNode.g() * 1e6, onNode.G() * 1e9);
        out().printf(Locale.ROOT, "wait_until:     %.4f us half round trip (put a flag, the other PE sees it)%n",
                halfRoundTrip * 1e6);
        out().printf(Locale.ROOT, "barrier_all:    %.4f us on %d PEs (collective step %.4f us)%n", barrier * 1e6, pes.npes,
                step * 1e6);
        out().printf(Locale.ROOT, "progress:       put_nbi + quiet %.4f us with the target computing (%.4f us idle): %s%n",
                busyTarget * 1e6, full * 1e6, progress(needsTarget));
        out().printf(Locale.ROOT, "                on a global %.4f us (%.4f us idle): %s%n", staticBusy * 1e6, staticFull * 1e6,
                progress(staticNeedsTarget));
        if (!Double.isNaN(barrierBusy)) {
            out().printf(Locale.ROOT, "                barrier_all %.4f us past every PE's computing (%.4f us bare): %s%n",
                    barrierBusy * 1e6, barrier * 1e6, messagesNeedSender
                            ? "the last PE's messages leave only at its next library call" : "collectives complete on their own");
        }
        double completing = smallest(staticRows, "shmem_barrier_all", "completing");
        if (!Double.isNaN(completing)) {
            out().printf(Locale.ROOT, "                barrier_all completing a put on a global: %.4f us more than its quiet%n",
                    (completing - smallest(staticRows, "shmem_putmem", "+quiet")) * 1e6);
        }
        double heapG = smallest(rows, "shmem_long_g", "return");
        double staticG = smallest(staticRows, "shmem_long_g", "return");
        out().printf(Locale.ROOT, "static data:    shmem_long_g %.4f us on a global, %.4f us on the heap%n", staticG * 1e6,
                heapG * 1e6);
        double lockAway = lockPair(staticRows, ""), lockHome = lockPair(staticRows, "own-");
        double lockMutual = lockPair(staticRows, "mutual-");
        if (!Double.isNaN(lockAway + lockHome)) {
            out().printf(Locale.ROOT, "locks:          set_lock + clear_lock %.4f us homed at the other PE, %.4f us at this one%s%n",
                    lockAway * 1e6, lockHome * 1e6, Double.isNaN(lockMutual) ? "" : String.format(Locale.ROOT,
                            ", %.4f us at the other PE's while it takes one homed here", lockMutual * 1e6));
        }
        out().println("off-node:       not measured (the job ran on one host)");
        for (String slow : heapModes) out().println("slow mode:      on the heap, " + slow);
        for (String slow : slowModes) out().println("slow mode:      on a global, " + slow);
        if (noise != null) out().println("noise:          " + noise.line());
        out().println(deadlineLine(deadline, measured));
        OutputFiles.write(output, true, f -> Files.writeString(f, machine.text())); // --force was checked first
        out().println("wrote " + output);
        return 0;
    }

    private List<BenchTest> thinned(List<BenchTest> tests, long largestBytes) {
        return tests.stream().map(t -> t.thinned(largestBytes, sizeStep)).toList();
    }

    private RunCommand.Results measure(List<BenchTest> tests, String name, List<String> flags, Deadline deadline)
            throws IOException, InterruptedException {
        return RunCommand.runAll(this, tests, temporaryDirectory(name), pes.npes, flags, row -> { }, deadline);
    }

    private static int cases(List<BenchTest> tests) {
        return tests.stream().mapToInt(t -> t.cases().size()).sum();
    }

    /**
     * How long it took against the deadline, past it by how much (the least samples of every row took that long
     * here), and how many rows got only the least samples (their error goal met at once, or the deadline near); the
     * queue's rows, whose samples are counted in advance, not among them.
     */
    private String deadlineLine(Deadline deadline, List<Row> rows) {
        double over = deadline.overrunSeconds();
        // the queue's rows (a depth) take a fixed count of samples, whatever the deadline
        List<Row> timed = rows.stream().filter(r -> r.depth() == 0).toList();
        long least = timed.stream().filter(r -> r.reps() <= Deadline.MIN_SAMPLES).count();
        return String.format(Locale.ROOT, "time:           %.0f s, deadline %d s%s; rows of the least samples (%d): %d of"
                        + " %d", deadline.elapsedSeconds(), deadlineSeconds, over > 0 ? String.format(Locale.ROOT,
                        " (%.0f s past it: building, starting and the least samples took that long here)", over) : "",
                Deadline.MIN_SAMPLES, least, timed.size());
    }

    private static String progress(boolean needsTarget) {
        return needsTarget ? "transfers complete only at the target's library calls" : "transfers complete on their own";
    }

    private static LinearFit fit(List<Row> rows, String api, String variant) {
        List<LinearFit.Point> points = rows.stream()
                .filter(r -> r.api().equals(api) && r.variant().equals(variant) && r.medianUs() > 0)
                .map(r -> new LinearFit.Point(r.bytes(), r.medianUs() * 1e-6)).toList();
        return points.size() < 2 ? null : LinearFit.of(points);
    }

    /** Seconds per call at the smallest size measured, NaN if none. */
    /** A lock taken and released (set_lock's rows kind + "acquire" and kind + "release"): the two parts' sum. */
    private static double lockPair(List<Row> rows, String kind) {
        return smallest(rows, "shmem_set_lock", kind + "acquire") + smallest(rows, "shmem_set_lock", kind + "release");
    }

    private static double smallest(List<Row> rows, String api, String variant) {
        return rows.stream().filter(r -> r.api().equals(api) && r.variant().equals(variant))
                .min(java.util.Comparator.comparingLong(Row::bytes)).map(r -> r.medianUs() * 1e-6).orElse(Double.NaN);
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "this host";
        }
    }
}
