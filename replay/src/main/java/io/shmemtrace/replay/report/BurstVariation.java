package io.shmemtrace.replay.report;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.read.PeEntry;
import io.shmemtrace.merged.read.RecordReader;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.replay.engine.Bursts;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * How much the program's own computation varied in the trace: the CPU bursts of one kind (the same PE and thread,
 * before the same call coming after the same call, in the same region, at the same call site: one step of a loop,
 * iteration after iteration) differ from one iteration to the next, and a run made of its slow iterations would take
 * longer. {@link #low()} and {@link #high()} scale every burst by its kind's {@value #LOW_QUANTILE} and
 * {@value #HIGH_QUANTILE} quantile over its median: the replays of the program as its fast and its slow tenth of the
 * iterations ran. A kind seen fewer than {@value #MIN_SAMPLES} times varies by nothing here (one burst says nothing
 * about the next).
 *
 * <p>Read in one pass over the run; each kind keeps at most {@value #SAMPLES} bursts (a reservoir with a fixed
 * seed: the same run gives the same interval). The kind is packed in one long (16 bits each for the call, the call
 * before, the region and the site), so that the replay asks it at every record without an object; calls, regions and
 * sites past those widths share a kind.
 */
public final class BurstVariation {
    static final double LOW_QUANTILE = 0.1;
    static final double HIGH_QUANTILE = 0.9;
    static final int MIN_SAMPLES = 3;
    static final int SAMPLES = 256;

    /** Per task: its kinds, sorted, and each kind's factors at the low and the high end. */
    private final long[][] kinds;
    private final double[][] lowFactor;
    private final double[][] highFactor;
    /** The traced computation, and as the low and the high ends make it (seconds, summed over tasks). */
    private final double traced;
    private final double atLow;
    private final double atHigh;

    private BurstVariation(long[][] kinds, double[][] lowFactor, double[][] highFactor, double traced, double atLow,
                           double atHigh) {
        this.kinds = kinds;
        this.lowFactor = lowFactor;
        this.highFactor = highFactor;
        this.traced = traced;
        this.atLow = atLow;
        this.atHigh = atHigh;
    }

    /** The variation of f's bursts, from one pass over every task's records. */
    public static BurstVariation of(MergedFile f) throws IOException, MergedFormatException {
        int tasks = f.header().tasks();
        long[][] kinds = new long[tasks][];
        double[][] low = new double[tasks][], high = new double[tasks][];
        double traced = 0, atLow = 0, atHigh = 0;
        RunRecord r = new RunRecord();
        CallsBefore before = new CallsBefore(tasks);
        for (PeEntry t : f.tasks()) {
            Map<Long, Samples> byKind = new HashMap<>();
            RecordReader reader = f.reader(t.task(), 64 << 10);
            while (reader.next(r)) {
                byKind.computeIfAbsent(kind(r, before.swap(t.task(), r)), Samples::new).add(r.burstBefore());
            }
            long[] k = byKind.keySet().stream().mapToLong(Long::longValue).sorted().toArray();
            double[] lo = new double[k.length], hi = new double[k.length];
            for (int i = 0; i < k.length; i++) {
                Samples s = byKind.get(k[i]);
                lo[i] = s.factor(LOW_QUANTILE);
                hi[i] = s.factor(HIGH_QUANTILE);
                traced += s.sum;
                atLow += s.sum * lo[i];
                atHigh += s.sum * hi[i];
            }
            kinds[t.task()] = k;
            low[t.task()] = lo;
            high[t.task()] = hi;
        }
        return new BurstVariation(kinds, low, high, traced, atLow, atHigh);
    }

    /** Whether some kind of burst varied (else the two ends are the trace itself). */
    public boolean any() {
        return atLow < traced || atHigh > traced;
    }

    /** The run's computation at the low and the high end over the traced one (the text's "bursts -1.2 % to +4.0 %"). */
    public double lowShare() {
        return traced > 0 ? atLow / traced : 1;
    }

    public double highShare() {
        return traced > 0 ? atHigh / traced : 1;
    }

    /** The bursts of the fast tenth of the iterations, as a what-if's change to the replay. */
    public Bursts low() {
        return new Scaled(lowFactor);
    }

    /** The bursts of the slow tenth. */
    public Bursts high() {
        return new Scaled(highFactor);
    }

    /** Every burst times its kind's factor; the call before is followed per task and thread as the replay hands them. */
    private final class Scaled implements Bursts {
        private final double[][] factor;
        private final CallsBefore before;

        Scaled(double[][] factor) {
            this.factor = factor;
            this.before = new CallsBefore(kinds.length);
        }

        @Override
        public double burst(int task, RunRecord r, double burst) {
            int i = Arrays.binarySearch(kinds[task], kind(r, before.swap(task, r)));
            return i >= 0 ? burst * factor[task][i] : burst;
        }
    }

    /** Each task's and thread's last call (-1 before the first): an array for the main threads, a map for the others. */
    private static final class CallsBefore {
        private final int[] main;
        private final Map<Long, Integer> others = new HashMap<>();

        CallsBefore(int tasks) {
            main = new int[tasks];
            Arrays.fill(main, -1);
        }

        /** The call before r on its thread; r's becomes the one before the next. */
        int swap(int task, RunRecord r) {
            if (r.thread() == 0) {
                int was = main[task];
                main[task] = callOf(r);
                return was;
            }
            Integer was = others.put((long) task << 32 | (r.thread() & 0xFFFFFFFFL), callOf(r));
            return was == null ? -1 : was;
        }
    }

    /** The call-table index of r's call; for a region record, past the table (regions are told apart by their name). */
    private static int callOf(RunRecord r) {
        return r.call() != null ? r.call().index() : 0xFF00 + r.type().ordinal();
    }

    private static long kind(RunRecord r, int callBefore) {
        int region = r.type().payload() == RecordType.Payload.REGION ? r.region() : r.enclosingRegion();
        return (callOf(r) + 1L & 0xFFFF) << 48 | (callBefore + 1L & 0xFFFF) << 32 | (region + 1L & 0xFFFF) << 16
                | (r.site() + 1L & 0xFFFF);
    }

    /** One kind's bursts: their sum, and at most SAMPLES of them (a reservoir). */
    private static final class Samples {
        private double[] kept = new double[8];
        private int seen;
        private double sum;
        private long random;

        Samples(long seed) {
            this.random = seed ^ 0x5DEECE66DL;
        }

        void add(double burst) {
            sum += burst;
            if (seen < SAMPLES) {
                if (seen == kept.length) kept = Arrays.copyOf(kept, Math.min(SAMPLES, 2 * seen));
                kept[seen++] = burst;
                return;
            }
            seen++;
            random = random * 6364136223846793005L + 1442695040888963407L; // Knuth's MMIX step: fixed, reproducible
            long j = Long.remainderUnsigned(random >>> 1, seen);
            if (j < SAMPLES) kept[(int) j] = burst;
        }

        /** Its q quantile over its median (1 where too few were seen or the median is 0). */
        double factor(double q) {
            int n = Math.min(seen, SAMPLES);
            if (seen < MIN_SAMPLES) return 1;
            double[] s = Arrays.copyOf(kept, n);
            Arrays.sort(s);
            double median = quantile(s, 0.5);
            return median > 0 ? quantile(s, q) / median : 1;
        }

        private static double quantile(double[] sorted, double q) {
            double at = q * (sorted.length - 1);
            int i = (int) at;
            int j = Math.min(i + 1, sorted.length - 1);
            return sorted[i] + (sorted[j] - sorted[i]) * (at - i);
        }
    }
}
