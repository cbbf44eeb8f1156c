package io.shmemtrace.bench.run;

/**
 * One measured row: microseconds per call over the repetitions, less the row's baseline.
 *
 * @param variant how the call was timed (+quiet, stream, mutual, spaced, posted, drained, mixed-posted,
 *     mixed-drained, return, full, post, quiet, overlap, busy-target, busy-all, completing, +barrier, ack, loop,
 *     rtt/2, acquire, release, own-acquire, own-release)
 * @param rse the relative standard error of the samples' mean
 * @param depth how many calls were posted before a quiet (the posted and drained rows), else 0
 * @param lowUs the samples past their fastest tenth (the fastest of fewer than ten): a prediction's interval's low end
 * @param highUs the samples short of their slowest tenth (the slowest of fewer than ten): its high end
 */
public record Row(int test, String api, String language, String variant, long nelems, long stride, long bytes,
                  int reps, double minUs, double medianUs, double maxUs, double rse, long depth, double lowUs,
                  double highUs) {

    /** A row whose interval ends are its fastest and slowest samples. */
    public Row(int test, String api, String language, String variant, long nelems, long stride, long bytes, int reps,
               double minUs, double medianUs, double maxUs, double rse, long depth) {
        this(test, api, language, variant, nelems, stride, bytes, reps, minUs, medianUs, maxUs, rse, depth, minUs, maxUs);
    }

    /** The same, of no depth. */
    public Row(int test, String api, String language, String variant, long nelems, long stride, long bytes, int reps,
               double minUs, double medianUs, double maxUs, double rse) {
        this(test, api, language, variant, nelems, stride, bytes, reps, minUs, medianUs, maxUs, rse, 0);
    }

    /** This row with its high end raised to at least highUs (a slow mode's level). */
    public Row withHighAtLeast(double highUs) {
        return new Row(test, api, language, variant, nelems, stride, bytes, reps, minUs, medianUs,
                Math.max(maxUs, highUs), rse, depth, lowUs, Math.max(this.highUs, highUs));
    }

    /** Bandwidth at the median, in MB/s (10^6 bytes a second); 0 for calls that move no bytes. */
    public double megabytesPerSecond() {
        return medianUs > 0 ? bytes / medianUs : 0;
    }

    /** Parses a ROW line of a benchmark's output (depth, low and high last; a line without them has none). */
    static Row parse(String line) {
        String[] f = line.split("\t", -1);
        double min = Double.parseDouble(f[9]), max = Double.parseDouble(f[11]);
        return new Row(Integer.parseInt(f[1]), f[2], f[3], f[4], Long.parseLong(f[5]), Long.parseLong(f[6]),
                Long.parseLong(f[7]), Integer.parseInt(f[8]), min, Double.parseDouble(f[10]), max,
                Double.parseDouble(f[12]), f.length > 13 ? Long.parseLong(f[13]) : 0,
                f.length > 15 ? Double.parseDouble(f[14]) : min, f.length > 15 ? Double.parseDouble(f[15]) : max);
    }
}
