package io.shmemtrace.merged.merge;

import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceFormatException;
import io.shmemtrace.format.read.TraceHeader;
import io.shmemtrace.format.read.TraceRun;
import io.shmemtrace.merged.format.AlignmentMethod;
import io.shmemtrace.merged.format.RecordType;
import java.io.IOException;
import java.util.Arrays;

/**
 * Puts every PE's times on one time base (FORMAT.md, "Time"): the header clocks ({@link HeaderClocks}), exact on
 * one host; on several hosts CLOCK_REALTIME, whose hosts may disagree. The barrier step then corrects each host's
 * clock against the first PE's host from the run's barriers ({@link HostClocks}: an offset and a drift from when its
 * PEs left them, moved where no barrier has a PE leaving before another arrived); where the PEs' barriers do not match (different counts), it
 * lines up the end of every PE's first shmem_barrier_all instead. The constant part of the correction is the shift
 * per PE the index keeps; the drift is applied to the PE's times by the merge ({@link #corrected}).
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
    /** Each PE's host (an index), and its barriers counted by the pre-pass. */
    private final int[] hostOf;
    private final int hosts;
    private final long[] barriers;
    /** Per host, its clock against the reference host's, from the barriers; null without them. */
    private HostClocks.Line[] lines;

    /** The alignment of these traces (by PE), their barriers read first where the barrier step is on. */
    static Alignment of(TraceRun.Input[] byPe, Mode mode) throws IOException {
        Alignment a = new Alignment(byPe, mode);
        if (a.method() == AlignmentMethod.BARRIER) a.findBarriers(byPe);
        return a;
    }

    private Alignment(TraceRun.Input[] byPe, Mode mode) {
        TraceHeader[] headers = new TraceHeader[byPe.length];
        for (int pe = 0; pe < byPe.length; pe++) headers[pe] = byPe[pe] == null ? null : byPe[pe].header();
        HeaderClocks clocks = HeaderClocks.of(headers);
        this.oneHost = clocks.oneHost();
        this.barrierStep = mode == Mode.BARRIER || (mode == Mode.AUTO && !oneHost);
        this.initOffsetNs = clocks.offsetsNs();
        this.baseRealNs = clocks.baseRealNs();
        this.firstBarrierEnd = new long[byPe.length];
        Arrays.fill(firstBarrierEnd, Long.MIN_VALUE);
        this.hostOf = new int[byPe.length];
        java.util.Map<String, Integer> hostIndex = new java.util.HashMap<>();
        for (int pe = 0; pe < byPe.length; pe++) {
            hostOf[pe] = headers[pe] == null ? -1 : hostIndex.computeIfAbsent(headers[pe].host(), k -> hostIndex.size());
        }
        this.hosts = hostIndex.size();
        this.barriers = new long[byPe.length];
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
     * Reads every PE's barriers before the merge (every time must be final from the first PE on: the merge hands
     * records to a converter as it makes them), and the writes and lock releases that ended blocked calls
     * ({@link Releases}) and the holds of locks ({@link LockHolds}): each trace once, in the merge's order; then each
     * host's clock line.
     * A trace that does not open is left to the merge to report.
     */
    void findBarriers(TraceRun.Input[] byPe) throws IOException {
        LockHolds holds = new LockHolds(hostOf);
        HostClocks clocks = new HostClocks(Math.max(1, hosts), holds);
        Releases releases = new Releases(hostOf);
        for (int pe = 0; pe < byPe.length; pe++) {
            if (byPe[pe] == null) continue;
            int p = pe;
            try (TraceFile file = TraceFile.open(byPe[pe].path())) {
                file.readUntil(e -> {
                    if (e.repeats() != 0) return false;
                    RecordType type = RecordType.of(e.def());
                    long start = initOffsetNs[p] + e.startNs(), end = initOffsetNs[p] + e.endNs();
                    if (type == RecordType.BARRIER_ALL) {
                        firstBarrier(p, end);
                        clocks.barrier(hostOf[p], barriers[p]++, start, end);
                    } else if (hosts > 1) { // the pairs place hosts against each other: none on one host
                        releases.event(p, barriers[p], e, type, start, end);
                        holds.event(p, barriers[p], e, type, start, end);
                    }
                    return false;
                });
            } catch (TraceFormatException e) {
                // the merge says why
            }
        }
        long count = -1;
        int ref = -1;
        for (int pe = 0; pe < byPe.length; pe++) {
            if (byPe[pe] == null) continue;
            if (count >= 0 && barriers[pe] != count) return; // barriers that do not match: the first barrier step
            count = barriers[pe];
            if (ref < 0) ref = hostOf[pe];
        }
        if (count < 1 || hosts < 2) return;
        releases.pairs(clocks);
        lines = clocks.lines(ref); // null where a host saw no barrier the reference saw
    }

    /** The PE's clock drift against the reference host's (0: none known). */
    double drift(int pe) {
        return lines == null || hostOf[pe] < 0 ? 0 : lines[hostOf[pe]].drift();
    }

    /** Where the PE's drift correction is 0 (merged ns by the header clocks). */
    long driftOriginNs(int pe) {
        HostClocks.Line l = lines == null || hostOf[pe] < 0 ? null : lines[hostOf[pe]];
        return l == null ? 0 : l.originNs();
    }

    /** A PE's time (merged ns by the header clocks) with its drift corrected (the shift adds the constant part). */
    long corrected(int pe, long ns) {
        HostClocks.Line l = lines == null || hostOf[pe] < 0 ? null : lines[hostOf[pe]];
        return l == null || l.drift() == 0 ? ns : ns + Math.round(l.drift() * (ns - l.originNs()));
    }

    boolean sawFirstBarrier(int pe) {
        return firstBarrierEnd[pe] != Long.MIN_VALUE;
    }

    /** ns to add to each PE's times: 0 unless the barrier step is on and the PE made a shmem_barrier_all. */
    long[] shiftsNs() {
        if (barrierStep && lines != null) {
            long[] shifts = new long[hostOf.length];
            for (int pe = 0; pe < shifts.length; pe++) shifts[pe] = hostOf[pe] < 0 ? 0 : lines[hostOf[pe]].offsetNs();
            return shifts;
        }
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
