package io.shmemtrace.bench.run;

import io.shmemtrace.bench.run.Toolchain.Built;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A time limit for a whole measurement (calibrate's --deadline), shared out over the cases still to run: each
 * program that starts gives its cases, as $SHMEMBENCH_CASE_BUDGET_US, the time left (less a reserve for starting
 * jobs and building programs) over the cases left, and the harness stops a case's samples at their minimum count
 * once its budget is spent. On a quiet machine the samples meet their error goal first and the deadline changes
 * nothing; on a busy one the rows get fewer samples and say how noisy they are, instead of running for a quarter of
 * an hour. The floor is the minimum count of samples: a machine too busy for even that runs past the deadline, and
 * {@link #overrunSeconds} says by how much.
 */
public final class Deadline {
    /** The share of the time left that cases may take; the rest starts jobs and builds the later programs. */
    private static final double CASES_SHARE = 0.7;
    /** The harness's least samples a row (MIN_REPS in harness.h): what a row takes however late it is. */
    public static final int MIN_SAMPLES = 5;

    private final long startNanos = System.nanoTime();
    private final long endNanos;
    private int casesLeft;

    /** seconds from now, for cases cases in all. */
    public Deadline(long seconds, int cases) {
        this.endNanos = startNanos + seconds * 1_000_000_000L;
        this.casesLeft = Math.max(1, cases);
    }

    /** A case began (its CASE line). */
    public void caseBegun() {
        if (casesLeft > 1) casesLeft--;
    }

    /** Seconds past the deadline, 0 when it was kept. */
    public double overrunSeconds() {
        return Math.max(0, (System.nanoTime() - endNanos) / 1e9);
    }

    public double elapsedSeconds() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    /** An untraced launch whose programs get this deadline's share per case. */
    public BenchRun.Launch launch() {
        return new BenchRun.Launch() {
            public List<String> prefix() {
                return List.of();
            }

            public Path traceDir(Built built, int attempt) {
                return null;
            }

            public List<String> environment() {
                double leftUs = Math.max(0, (endNanos - System.nanoTime()) / 1e3);
                // past the deadline every case gets 1 us: its samples stop at the minimum count
                double perCase = Math.max(1, CASES_SHARE * leftUs / casesLeft);
                return List.of(String.format(Locale.ROOT, "SHMEMBENCH_CASE_BUDGET_US=%.0f", perCase));
            }
        };
    }
}
