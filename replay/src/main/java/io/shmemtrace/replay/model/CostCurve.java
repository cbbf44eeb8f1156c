package io.shmemtrace.replay.model;

import io.shmemtrace.replay.machine.MachineException;
import java.util.Arrays;

/**
 * Seconds as a function of bytes, from measured samples: linear between neighbouring samples, the smallest
 * sample's time below it, the last segment's slope (the measured bandwidth) past the largest.
 */
public final class CostCurve {
    private final long[] bytes;
    private final double[] seconds;

    private CostCurve(long[] bytes, double[] seconds) {
        this.bytes = bytes;
        this.seconds = seconds;
    }

    /**
     * Parses {@code bytes:seconds,...}; where names the file and key for the one-line error. Sizes must grow,
     * times be finite and not negative.
     */
    public static CostCurve parse(String where, String text) throws MachineException {
        String[] points = text.split(",");
        long[] b = new long[points.length];
        double[] s = new double[points.length];
        for (int i = 0; i < points.length; i++) {
            String[] f = points[i].split(":");
            try {
                if (f.length != 2) throw new NumberFormatException();
                b[i] = Long.parseLong(f[0]);
                s[i] = Double.parseDouble(f[1]);
            } catch (NumberFormatException e) {
                throw new MachineException(where + ": '" + points[i] + "' is not bytes:seconds");
            }
            if (b[i] < 0 || !Double.isFinite(s[i]) || s[i] < 0) {
                throw new MachineException(where + ": '" + points[i] + "' needs bytes and seconds of 0 or more");
            }
            if (i > 0 && b[i] <= b[i - 1]) throw new MachineException(where + ": sizes must grow ('" + points[i] + "')");
        }
        return new CostCurve(b, s);
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
