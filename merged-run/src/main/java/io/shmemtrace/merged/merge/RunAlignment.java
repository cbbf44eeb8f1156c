package io.shmemtrace.merged.merge;

import io.shmemtrace.format.read.TraceRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The merge's time base for the views that read a run's traces themselves (the CSV, the report page, the summary's
 * window): per trace file, where its init lies on the run's time base — the header clocks, and on several hosts each
 * host's clock offset as the merge corrects it from the barriers ({@link Alignment}), so that every view puts an
 * event at one time, the hosts' drift too ({@link RunClock}). On several hosts the traces are read once more for
 * their barriers.
 */
public final class RunAlignment {
    private RunAlignment() {}

    /** Per trace file of run, its clock on the run's time base. */
    public static Map<Path, RunClock> clocks(TraceRun run) throws IOException {
        java.util.List<TraceRun.Input> inputs = run.inputs();
        io.shmemtrace.format.read.TraceHeader[] headers = new io.shmemtrace.format.read.TraceHeader[inputs.size()];
        for (int i = 0; i < headers.length; i++) headers[i] = inputs.get(i).header();
        long[] offsets = HeaderClocks.of(headers).offsetsNs();
        // each PE's host correction, from the barriers of one layer's traces (a PE's Java layer shares its host)
        TraceRun.Input[] byPe = run.byPe();
        Alignment alignment = Alignment.of(byPe, Alignment.Mode.AUTO);
        long[] shifts = alignment.shiftsNs();
        Map<Path, RunClock> byFile = new HashMap<>();
        for (int i = 0; i < headers.length; i++) {
            int pe = inputs.get(i).pe();
            boolean known = pe >= 0 && pe < shifts.length;
            double drift = known ? alignment.drift(pe) : 0;
            long origin = known && drift != 0 ? alignment.driftOriginNs(pe) - alignment.initOffsetNs(pe) : 0;
            byFile.put(inputs.get(i).path(), new RunClock(offsets[i] + (known ? shifts[pe] : 0), drift, origin));
        }
        // time 0 is the earliest init once corrected, as it was by the header clocks (a host's correction may move
        // its PEs' inits before or after it)
        long earliest = byFile.values().stream().mapToLong(c -> c.at(0)).min().orElse(0);
        byFile.replaceAll((f, c) -> new RunClock(c.offsetNs() - earliest, c.drift(), c.originNs()));
        return byFile;
    }
}
