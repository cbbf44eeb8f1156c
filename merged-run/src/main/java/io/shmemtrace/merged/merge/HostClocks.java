package io.shmemtrace.merged.merge;

import java.util.Arrays;

/**
 * Each host's clock against a reference host's, from the run's barriers (shmem_barrier_all): at every barrier, every
 * PE leaves after every other arrived. Between a host and the reference that bounds the host's offset both ways: it
 * is at least the reference's last arrival less the host's first exit, at most the reference's first exit less the
 * host's last arrival. Many barriers give a band; the offset chosen is a line inside it (offset and drift), so that no
 * barrier has a PE leave before another arrived — the convex-hull idea of clock synchronisation from causal pairs,
 * here with the barriers as the pairs. Barriers are sampled (every k-th, k doubling) to keep memory bounded at any
 * run length. Exits need not be simultaneous (over TCP one host left each barrier 4 ms after the other on this
 * machine), which is why the band is used and not the exits.
 */
final class HostClocks {
    /** Samples kept per host, at most. */
    static final int SAMPLES = 4096;
    /** Drift larger than this (1000 ppm) is no clock's: the constant offset is used. */
    private static final double MAX_DRIFT = 1e-3;

    private final int hosts;
    /** Per host, per sample: the latest arrival and the earliest exit of its PEs (ns, header clocks). */
    private long[][] maxStart;
    private long[][] minEnd;
    private int stride = 1;
    private int samples;

    HostClocks(int hosts) {
        this.hosts = hosts;
        maxStart = new long[hosts][64];
        minEnd = new long[hosts][64];
        for (int h = 0; h < hosts; h++) {
            Arrays.fill(maxStart[h], Long.MIN_VALUE);
            Arrays.fill(minEnd[h], Long.MAX_VALUE);
        }
    }

    /** The k-th barrier (0-based) of a PE of host h ran from start to end. */
    void barrier(int h, long k, long start, long end) {
        while (k >= (long) SAMPLES * stride) halve();
        if (k % stride != 0) return;
        int j = (int) (k / stride);
        if (j >= maxStart[h].length) grow(j + 1);
        maxStart[h][j] = Math.max(maxStart[h][j], start);
        minEnd[h][j] = Math.min(minEnd[h][j], end);
        samples = Math.max(samples, j + 1);
    }

    private void grow(int need) {
        int n = Math.min(SAMPLES, Math.max(need, 2 * maxStart[0].length));
        for (int h = 0; h < hosts; h++) {
            int old = maxStart[h].length;
            maxStart[h] = Arrays.copyOf(maxStart[h], n);
            minEnd[h] = Arrays.copyOf(minEnd[h], n);
            Arrays.fill(maxStart[h], old, n, Long.MIN_VALUE);
            Arrays.fill(minEnd[h], old, n, Long.MAX_VALUE);
        }
    }

    /** Keeps every other sample (the stride doubles). */
    private void halve() {
        for (int h = 0; h < hosts; h++) {
            for (int j = 0; 2 * j < maxStart[h].length; j++) {
                maxStart[h][j] = maxStart[h][2 * j];
                minEnd[h][j] = minEnd[h][2 * j];
            }
            Arrays.fill(maxStart[h], (maxStart[h].length + 1) / 2, maxStart[h].length, Long.MIN_VALUE);
            Arrays.fill(minEnd[h], (minEnd[h].length + 1) / 2, minEnd[h].length, Long.MAX_VALUE);
        }
        samples = (samples + 1) / 2;
        stride *= 2;
    }

    /** A host's clock against the reference's: add offset + drift x (t - origin) to its times t. */
    record Line(long offsetNs, double drift, long originNs, boolean keepsCausality) {
        long at(long t) {
            return offsetNs + Math.round(drift * (t - originNs));
        }
    }

    /** Host h's line against reference host ref (offset 0 for ref itself); null when no barrier was seen on both. */
    Line line(int h, int ref) {
        if (h == ref) return new Line(0, 0, 0, true);
        int n = 0;
        double[] t = new double[samples], lo = new double[samples], hi = new double[samples];
        for (int j = 0; j < samples; j++) {
            if (maxStart[h][j] == Long.MIN_VALUE || maxStart[ref][j] == Long.MIN_VALUE) continue;
            t[n] = minEnd[ref][j];
            lo[n] = maxStart[ref][j] - minEnd[h][j];
            hi[n] = minEnd[ref][j] - maxStart[h][j];
            n++;
        }
        if (n == 0) return null;
        long origin = (long) t[0];
        double[] constant = band(lo, hi, 0, n);
        double a = (constant[0] + constant[1]) / 2;
        Line flat = new Line(Math.round(a), 0, origin, constant[0] <= constant[1]);
        if (n < 4) return flat;
        // the drift: a band's centre in each half of the run, the line through them, kept if it stays in every band
        int half = n / 2;
        double[] first = band(lo, hi, 0, half), second = band(lo, hi, half, n);
        double t1 = mean(t, 0, half) - origin, t2 = mean(t, half, n) - origin;
        double c1 = (first[0] + first[1]) / 2, c2 = (second[0] + second[1]) / 2;
        double drift = t2 > t1 ? (c2 - c1) / (t2 - t1) : 0;
        if (Math.abs(drift) > MAX_DRIFT || first[0] > first[1] || second[0] > second[1]) return flat;
        Line sloped = new Line(Math.round(c1 - drift * t1), drift, origin, true);
        for (int i = 0; i < n; i++) {
            double at = sloped.offsetNs() + drift * (t[i] - origin);
            if (at < lo[i] || at > hi[i]) return flat.keepsCausality() ? flat : new Line(sloped.offsetNs(), drift, origin, false);
        }
        return sloped;
    }

    /** The intersection [max lo, min hi] of the bands from..to. */
    private static double[] band(double[] lo, double[] hi, int from, int to) {
        double l = Double.NEGATIVE_INFINITY, u = Double.POSITIVE_INFINITY;
        for (int i = from; i < to; i++) {
            l = Math.max(l, lo[i]);
            u = Math.min(u, hi[i]);
        }
        return new double[] {l, u};
    }

    private static double mean(double[] v, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) s += v[i];
        return s / Math.max(1, to - from);
    }
}
