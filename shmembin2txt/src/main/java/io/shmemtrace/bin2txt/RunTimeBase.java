package io.shmemtrace.bin2txt;

import io.shmemtrace.format.read.TraceRun;
import io.shmemtrace.merged.merge.RunAlignment;
import io.shmemtrace.merged.merge.RunClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The run's one time base, for every view that puts PEs side by side (the CSV, the page's timeline and time bins, the
 * summary's window): ns from the earliest PE's init, by the header clocks and, across hosts, each host's clock offset
 * and drift as the merge corrects them ({@link RunAlignment}), so that an event has one time in the CSV, on the page and in the
 * merged run. The page once used the monotonic clocks across hosts, and drew a 5.7 ms two-host run over 7.3 s.
 */
final class RunTimeBase {
    private RunTimeBase() {}

    /** Per trace file, its clock on the run's time base. */
    static Map<Path, RunClock> clocks(TraceRun run) {
        try {
            return RunAlignment.clocks(run);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
