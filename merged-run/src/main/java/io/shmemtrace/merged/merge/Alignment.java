package io.shmemtrace.merged.merge;

import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceFormatException;
import io.shmemtrace.format.read.TraceHeader;
import io.shmemtrace.format.read.TraceRun;
import io.shmemtrace.merged.format.AlignmentMethod;
import io.shmemtrace.merged.format.PsinsType;
import java.io.IOException;
import java.util.Arrays;

/**
 * Puts every PE's times on one time base (FORMAT.md, "Time"): the header clocks ({@link HeaderClocks}), exact on
 * one host; on several hosts CLOCK_REALTIME, whose hosts may disagree. The barrier step then lines up the end of every PE's first shmem_barrier_all, the one instant all PEs share, and keeps
 * the shift per PE for the index.
 */
public final class Alignment {
    /** What the user asked for: auto = barrier step only when the PEs ran on more than one host. */
    public enum Mode { AUTO, CLOCK, BARRIER }

    private final boolean oneHost;
    private final boolean barrierStep;
    /** ns from the merged time 0 to each PE's init instant, by the header clocks; -1 for absent PEs. */
    private final long[] initOffsetNs;
    private final long baseRealNs;
    /** End of each PE's first shmem_barrier_all on the header-clock base, or Long.MIN_VALUE. */
    private final long[] firstBarrierEnd;

    Alignment(TraceRun.Input[] byPe, Mode mode) {
        TraceHeader[] headers = new TraceHeader[byPe.length];
        for (int pe = 0; pe < byPe.length; pe++) headers[pe] = byPe[pe] == null ? null : byPe[pe].header();
        HeaderClocks clocks = HeaderClocks.of(headers);
        this.oneHost = clocks.oneHost();
        this.barrierStep = mode == Mode.BARRIER || (mode == Mode.AUTO && !oneHost);
        this.initOffsetNs = clocks.offsetsNs();
        this.baseRealNs = clocks.baseRealNs();
        this.firstBarrierEnd = new long[byPe.length];
        Arrays.fill(firstBarrierEnd, Long.MIN_VALUE);
    }

    public AlignmentMethod method() {
        return barrierStep ? AlignmentMethod.BARRIER : oneHost ? AlignmentMethod.MONOTONIC : AlignmentMethod.REALTIME;
    }

    /** CLOCK_REALTIME (ns since the epoch) of merged time 0. */
    long baseRealNs() {
        return baseRealNs;
    }

    /** ns from merged time 0 to the PE's init, by the header clocks. */
    long initOffsetNs(int pe) {
        return initOffsetNs[pe];
    }

    /** Notes the end (merged ns, header clocks) of a PE's first shmem_barrier_all. */
    void firstBarrier(int pe, long endNs) {
        if (firstBarrierEnd[pe] == Long.MIN_VALUE) firstBarrierEnd[pe] = endNs;
    }

    /**
     * Finds every PE's first shmem_barrier_all before the merge (a merge handed to a converter as it is made needs
     * every time final from the first PE on): each trace read from its start up to it, in the merge's order. A
     * trace that does not open is left to the merge to report.
     */
    void findFirstBarriers(TraceRun.Input[] byPe) throws IOException {
        for (int pe = 0; pe < byPe.length; pe++) {
            if (byPe[pe] == null) continue;
            int p = pe;
            try (TraceFile file = TraceFile.open(byPe[pe].path())) {
                file.readUntil(e -> {
                    boolean barrier = e.repeats() == 0 && PsinsType.of(e.def()) == PsinsType.BARRIER_ALL;
                    if (barrier) firstBarrier(p, initOffsetNs[p] + e.endNs());
                    return barrier;
                });
            } catch (TraceFormatException e) {
                // the merge says why
            }
        }
    }

    boolean sawFirstBarrier(int pe) {
        return firstBarrierEnd[pe] != Long.MIN_VALUE;
    }

    /** ns to add to each PE's times: 0 unless the barrier step is on and the PE made a shmem_barrier_all. */
    long[] shiftsNs() {
        long latest = Long.MIN_VALUE;
        for (long e : firstBarrierEnd) latest = Math.max(latest, e);
        long[] shifts = new long[firstBarrierEnd.length];
        for (int pe = 0; pe < shifts.length; pe++) {
            if (barrierStep && firstBarrierEnd[pe] != Long.MIN_VALUE) shifts[pe] = latest - firstBarrierEnd[pe];
        }
        return shifts;
    }

    /** How far apart the PEs' first barrier ends are by the header clocks (ns), or -1 with fewer than 2. */
    long barrierSpreadNs() {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        int n = 0;
        for (long e : firstBarrierEnd) {
            if (e == Long.MIN_VALUE) continue;
            min = Math.min(min, e);
            max = Math.max(max, e);
            n++;
        }
        return n < 2 ? -1 : max - min;
    }
}
