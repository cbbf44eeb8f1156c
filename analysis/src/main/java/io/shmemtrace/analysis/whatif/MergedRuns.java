package io.shmemtrace.analysis.whatif;

import io.shmemtrace.merged.format.MergedLayout;
import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.merged.read.RecordReader;
import io.shmemtrace.merged.read.PeEntry;
import io.shmemtrace.replay.engine.ChangedCalls;
import java.io.IOException;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * The {@code aggregate} what-if: every run ({@link CallRuns}) of one call (in one region) merged into one call that
 * carries the run's bytes; on the traced times it costs the mean of the run's calls (a machine model prices its
 * bytes). A collective's runs are cut where any member's is (each member then merges the same instances, or the
 * replay would wait for a collective some member never makes). Runs in PEs with threads are left as they are.
 */
final class MergedRuns implements ChangedCalls {
    /** Longs per run: first event, last event, bytes, the mean duration's bits. */
    private static final int RUN = 4;

    /** [task] runs in program order, RUN longs each. */
    private final long[][] runs;
    private final int[] count;
    private final int[] cursor;

    private MergedRuns(long[][] runs, int[] count) {
        this.runs = runs;
        this.count = count;
        this.cursor = new int[runs.length];
    }

    /** Merges the runs of the selected calls; two passes. */
    static MergedRuns of(MergedFile f, SelectedCalls selected) throws IOException, MergedFormatException {
        int tasks = f.header().tasks();
        long[][] runs = new long[tasks][];
        int[] count = new int[tasks];
        Map<Integer, BitSet> cutBefore = new HashMap<>(); // per PE set: the instances that begin a run (or none)
        RunRecord r = new RunRecord(), prev = new RunRecord();
        for (int pass = 0; pass < 2; pass++) {
            for (PeEntry t : f.tasks()) {
                boolean threaded = t.threads() > 1 || (t.flags() & MergedLayout.TASK_THREADED) != 0;
                RecordReader reader = f.reader(t.task(), 64 << 10);
                long[] mine = new long[RUN * 4];
                int n = 0;
                boolean hasPrev = false, inRun = false;
                long first = 0, bytes = 0, calls = 0;
                double seconds = 0;
                while (reader.next(r)) {
                    boolean ours = selected.selects(r) && CallRuns.mergeable(r.type());
                    boolean collective = r.type().payload() == RecordType.Payload.COLLECTIVE;
                    boolean joins = ours && !threaded && hasPrev && CallRuns.continues(prev, r);
                    if (collective && ours) {
                        BitSet cuts = cutBefore.computeIfAbsent(r.set(), k -> new BitSet());
                        if (pass == 0 && !joins) cuts.set(r.instance());
                        if (pass == 1) joins = !cuts.get(r.instance());
                    }
                    if (!joins && inRun) { // the run in progress ended with the previous record
                        if (calls > 1) {
                            mine = withRun(mine, n, first, prev.event(), bytes, seconds / calls);
                            n += RUN;
                        }
                        inRun = false;
                    }
                    if (ours && !joins) {
                        inRun = true;
                        first = r.event();
                        bytes = 0;
                        calls = 0;
                        seconds = 0;
                    }
                    if (ours) {
                        bytes += r.bytes();
                        calls++;
                        seconds += r.duration();
                    }
                    r.copyTo(prev);
                    hasPrev = true;
                }
                if (inRun && calls > 1) {
                    mine = withRun(mine, n, first, prev.event(), bytes, seconds / calls);
                    n += RUN;
                }
                runs[t.task()] = mine;
                count[t.task()] = n / RUN;
            }
            if (cutBefore.isEmpty()) break; // no collective: one pass found the runs
        }
        for (int t = 0; t < tasks; t++) if (runs[t] == null) runs[t] = new long[0];
        return new MergedRuns(runs, count);
    }

    /** a with a run written at n (first event, last event, bytes, mean duration), grown first if it is full. */
    private static long[] withRun(long[] a, int n, long first, long last, long bytes, double meanSeconds) {
        if (n + RUN > a.length) a = Arrays.copyOf(a, 2 * a.length);
        a[n] = first;
        a[n + 1] = last;
        a[n + 2] = bytes;
        a[n + 3] = Double.doubleToRawLongBits(meanSeconds);
        return a;
    }

    @Override
    public Fate fate(int task, RunRecord r) {
        long[] mine = runs[task];
        int c = cursor[task];
        long event = r.event();
        while (c < count[task] && mine[c * RUN + 1] < event) c++;
        cursor[task] = c;
        if (c == count[task] || event < mine[c * RUN]) return Fate.KEEP;
        if (event == mine[c * RUN]) return Fate.SKIP_KEEPING_BURST;
        if (event < mine[c * RUN + 1]) return Fate.SKIP;
        r.carry(mine[c * RUN + 2], Double.longBitsToDouble(mine[c * RUN + 3]));
        return Fate.CARRY;
    }
}
