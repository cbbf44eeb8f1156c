package io.shmemtrace.bench.calibrate;

import java.util.List;

/**
 * time = latency + bytes / bandwidth, fitted by least squares on relative error (weights 1/t²), so that
 * small messages, microseconds apart, count as much as large ones.
 *
 * @param latencySeconds the intercept
 * @param secondsPerByte the slope (1 / bandwidth)
 * @param rmsRelativeError the fit's error: root mean square of (fitted - measured) / measured
 */
public record LinearFit(double latencySeconds, double secondsPerByte, double rmsRelativeError) {

    /** One measured point: bytes per call, seconds per call. */
    public record Point(double bytes, double seconds) {}

    public double bandwidth() {
        return secondsPerByte > 0 ? 1 / secondsPerByte : Double.POSITIVE_INFINITY;
    }

    public double at(double bytes) {
        return latencySeconds + bytes * secondsPerByte;
    }

    public static LinearFit of(List<Point> points) {
        if (points.size() < 2) throw new IllegalArgumentException("a fit needs two sizes at least");
        double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (Point p : points) {
            double w = 1 / (p.seconds() * p.seconds());
            sw += w;
            sx += w * p.bytes();
            sy += w * p.seconds();
            sxx += w * p.bytes() * p.bytes();
            sxy += w * p.bytes() * p.seconds();
        }
        double slope = (sw * sxy - sx * sy) / (sw * sxx - sx * sx);
        double intercept = (sy - slope * sx) / sw;
        if (intercept < 0) { // a line through the origin, then: latency too small to see
            slope = sxy / sxx;
            intercept = 0;
        }
        double err = 0;
        for (Point p : points) {
            double r = (intercept + slope * p.bytes() - p.seconds()) / p.seconds();
            err += r * r;
        }
        return new LinearFit(intercept, slope, Math.sqrt(err / points.size()));
    }
}
