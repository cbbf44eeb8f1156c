package io.shmemtrace.bench.run;

/**
 * One measured row: microseconds per call over the repetitions, less the row's baseline.
 *
 * @param variant how the call was timed (+quiet, stream, mutual, spaced, posted, drained, return, full, post, quiet,
 *     overlap, busy-target, +barrier, ack, loop, rtt/2)
 * @param rse the relative standard error of the samples' mean
 * @param depth how many calls were posted before a quiet (the posted and drained rows), else 0
 */
public record Row(int test, String api, String language, String variant, long nelems, long stride, long bytes,
                  int reps, double minUs, double medianUs, double maxUs, double rse, long depth) {

    /** A row of no depth. */
    public Row(int test, String api, String language, String variant, long nelems, long stride, long bytes, int reps,
               double minUs, double medianUs, double maxUs, double rse) {
        this(test, api, language, variant, nelems, stride, bytes, reps, minUs, medianUs, maxUs, rse, 0);
    }

    /** Bandwidth at the median, in MB/s (10^6 bytes a second); 0 for calls that move no bytes. */
    public double megabytesPerSecond() {
        return medianUs > 0 ? bytes / medianUs : 0;
    }

    /** Parses a ROW line of a benchmark's output. */
    static Row parse(String line) {
        String[] f = line.split("\t", -1);
        return new Row(Integer.parseInt(f[1]), f[2], f[3], f[4], Long.parseLong(f[5]), Long.parseLong(f[6]),
                Long.parseLong(f[7]), Integer.parseInt(f[8]), Double.parseDouble(f[9]), Double.parseDouble(f[10]),
                Double.parseDouble(f[11]), Double.parseDouble(f[12]), f.length > 13 ? Long.parseLong(f[13]) : 0);
    }
}
