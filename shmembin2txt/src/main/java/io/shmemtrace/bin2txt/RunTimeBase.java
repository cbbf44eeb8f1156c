package io.shmemtrace.bin2txt;

import io.shmemtrace.format.read.TraceRun;
import io.shmemtrace.merged.merge.RunAlignment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The run's one time base, for every view that puts PEs side by side (the CSV, the page's timeline and time bins, the
 * summary's window): ns from the earliest PE's init, by the header clocks and, across hosts, each host's clock offset
 * as the merge corrects it ({@link RunAlignment}), so that an event has one time in the CSV, on the page and in the
 * merged run. The page once used the monotonic clocks across hosts, and drew a 5.7 ms two-host run over 7.3 s.
 */
final class RunTimeBase {
    private RunTimeBase() {}

    /** Per trace file, its init on the run's time base. */
    static Map<Path, Long> initOffsets(TraceRun run) {
        try {
            return RunAlignment.initOffsets(run);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
