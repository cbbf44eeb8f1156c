package io.shmemtrace.merged.merge;

/**
 * A trace file's clock on the run's time base: a time of the file (ns since its PE's init) as the run's, its host's
 * offset and drift corrected as the merge corrects them ({@link RunAlignment}).
 *
 * @param offsetNs where the file's init lies on the run's time base
 * @param drift    its host's clock drift against the reference host's (0: none)
 * @param originNs where the drift correction is 0, on the header clocks' base less the file's init (ns of the file)
 */
public record RunClock(long offsetNs, double drift, long originNs) {
    public static final RunClock ZERO = new RunClock(0, 0, 0);

    /** ns since the file's init, on the run's time base. */
    public long at(long ns) {
        return offsetNs + ns + (drift == 0 ? 0 : Math.round(drift * (ns - originNs)));
    }
}
