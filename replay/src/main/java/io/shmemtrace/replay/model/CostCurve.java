package io.shmemtrace.replay.model;

import io.shmemtrace.replay.machine.MachineException;
import java.util.Arrays;

/**
 * Seconds as a function of bytes, from measured samples: linear between neighbouring samples, the smallest
 * sample's time below it, the last segment's slope (the measured bandwidth) past the largest. A sample may carry the
 * spread calibrate saw ({@code bytes:seconds:low:high}: the median of its repeated measurements, and their low and
 * high end: past the fastest and slowest tenth of them); {@link #at(Bound)} is the curve through one end of it.
 */
public final class CostCurve {
    /** Which of a sample's measurements a curve goes through. */
    public enum Bound { MEDIAN, LOW, HIGH }

    private final long[] bytes;
    private final double[] seconds;
    private final double[] low;
    private final double[] high;

    private CostCurve(long[] bytes, double[] seconds, double[] low, double[] high) {
        this.bytes = bytes;
        this.seconds = seconds;
        this.low = low;
        this.high = high;
    }

    /**
     * Parses {@code bytes:seconds,...}, each sample optionally {@code bytes:seconds:low:high}; where names the file and
     * key for the one-line error. Sizes must grow, times be finite and not negative, low <= seconds <= high.
     */
    public static CostCurve parse(String where, String text) throws MachineException {
        String[] points = text.split(",");
        long[] b = new long[points.length];
        double[] s = new double[points.length], lo = new double[points.length], hi = new double[points.length];
        for (int i = 0; i < points.length; i++) {
            String[] f = points[i].split(":");
            try {
                if (f.length != 2 && f.length != 4) throw new NumberFormatException();
                b[i] = Long.parseLong(f[0]);
                s[i] = Double.parseDouble(f[1]);
                lo[i] = f.length == 4 ? Double.parseDouble(f[2]) : s[i];
                hi[i] = f.length == 4 ? Double.parseDouble(f[3]) : s[i];
            } catch (NumberFormatException e) {
                throw new MachineException(where + ": '" + points[i] + "' is not bytes:seconds or bytes:seconds:low:high");
            }
            if (b[i] < 0 || !Double.isFinite(s[i]) || s[i] < 0 || !Double.isFinite(lo[i]) || lo[i] < 0
                    || !Double.isFinite(hi[i])) {
                throw new MachineException(where + ": '" + points[i] + "' needs bytes and seconds of 0 or more");
            }
            if (lo[i] > s[i] || hi[i] < s[i]) {
                throw new MachineException(where + ": '" + points[i] + "' has its seconds outside its low:high");
            }
            if (i > 0 && b[i] <= b[i - 1]) throw new MachineException(where + ": sizes must grow ('" + points[i] + "')");
        }
        return new CostCurve(b, s, lo, hi);
    }

    /** Whether some sample has a spread (a low below or a high above its seconds). */
    public boolean spread() {
        return !Arrays.equals(low, seconds) || !Arrays.equals(high, seconds);
    }

    /** The curve through the samples' medians (this one), or their low or high ends. */
    public CostCurve at(Bound bound) {
        double[] s = switch (bound) {
            case MEDIAN -> seconds;
            case LOW -> low;
            case HIGH -> high;
        };
        return s == seconds ? this : new CostCurve(bytes, s, s, s);
    }

    /** The smallest and the largest size measured. */
    public long smallest() {
        return bytes[0];
    }

    public long largest() {
        return bytes[bytes.length - 1];
    }

    /** The time at this size. */
    public double at(long size) {
        int n = bytes.length;
        if (n == 1 || size <= bytes[0]) return seconds[0];
        int i = Arrays.binarySearch(bytes, size);
        if (i >= 0) return seconds[i];
        int hi = Math.min(-i - 1, n - 1); // past the largest: the last segment, extended
        int lo = hi - 1;
        double slope = (seconds[hi] - seconds[lo]) / (bytes[hi] - bytes[lo]);
        return Math.max(0, seconds[lo] + slope * (size - bytes[lo]));
    }
}
