package io.shmemtrace.merged.merge;

import io.shmemtrace.format.read.TraceRun;
import io.shmemtrace.merged.format.AlignmentMethod;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The merge's time base for the views that read a run's traces themselves (the CSV, the report page, the summary's
 * window): per trace file, where its init lies on the run's time base — the header clocks, and on several hosts each
 * host's clock offset as the merge corrects it from the barriers ({@link Alignment}), so that every view puts an
 * event at one time. (The drift the merge also corrects is not applied here: it moves an event by parts per million
 * of its distance from the run's first barrier.) On several hosts the traces are read once more for their barriers.
 */
public final class RunAlignment {
    private RunAlignment() {}

    /** Per trace file of run, its init on the run's time base (ns). */
    public static Map<Path, Long> initOffsets(TraceRun run) throws IOException {
        java.util.List<TraceRun.Input> inputs = run.inputs();
        io.shmemtrace.format.read.TraceHeader[] headers = new io.shmemtrace.format.read.TraceHeader[inputs.size()];
        for (int i = 0; i < headers.length; i++) headers[i] = inputs.get(i).header();
        long[] offsets = HeaderClocks.of(headers).offsetsNs();
        // each PE's host correction, from the barriers of one layer's traces (a PE's Java layer shares its host)
        TraceRun.Input[] byPe = run.byPe();
        Alignment alignment = new Alignment(byPe, Alignment.Mode.AUTO);
        if (alignment.method() == AlignmentMethod.BARRIER) alignment.findBarriers(byPe);
        long[] shifts = alignment.shiftsNs();
        Map<Path, Long> byFile = new HashMap<>();
        for (int i = 0; i < headers.length; i++) {
            int pe = inputs.get(i).pe();
            byFile.put(inputs.get(i).path(), offsets[i] + (pe >= 0 && pe < shifts.length ? shifts[pe] : 0));
        }
        return byFile;
    }
}
