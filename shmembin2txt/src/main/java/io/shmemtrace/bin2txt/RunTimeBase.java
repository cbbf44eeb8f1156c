package io.shmemtrace.bin2txt;

import io.shmemtrace.format.read.TraceHeader;
import io.shmemtrace.format.read.TraceRun;
import io.shmemtrace.merged.merge.HeaderClocks;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The run's one time base, for every view that puts PEs side by side (the CSV, the page's timeline and time bins):
 * ns from the earliest PE's init, by the header clocks ({@link HeaderClocks}: the monotonic clock on one host, the
 * real-time clock lined up across hosts). The page once used the monotonic clocks across hosts too, and drew a 5.7 ms
 * two-host run over 7.3 s.
 */
final class RunTimeBase {
    private RunTimeBase() {}

    /** Per trace file, its init on the run's time base. */
    static Map<Path, Long> initOffsets(TraceRun run) {
        List<TraceRun.Input> inputs = run.inputs();
        TraceHeader[] headers = new TraceHeader[inputs.size()];
        for (int i = 0; i < headers.length; i++) headers[i] = inputs.get(i).header();
        long[] offsets = HeaderClocks.of(headers).offsetsNs();
        Map<Path, Long> byFile = new HashMap<>();
        for (int i = 0; i < headers.length; i++) byFile.put(inputs.get(i).path(), offsets[i]);
        return byFile;
    }
}
