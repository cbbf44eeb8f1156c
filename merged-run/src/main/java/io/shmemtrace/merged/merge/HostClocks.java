package io.shmemtrace.merged.merge;

import java.util.Arrays;

/**
 * Each host's clock against a reference host's, from the run's barriers (shmem_barrier_all). The PEs of a barrier
 * leave it at about one instant: the offset that makes a host's first exit coincide with the reference's, taken over
 * every barrier (the median in each half of the run: an offset and a drift), estimates its clock. And every PE leaves
 * after every other arrived: that bounds the offset both ways (at least the reference's last arrival less the host's
 * first exit, at most the reference's first exit less the host's last arrival), a band per barrier; the line is
 * moved into every band, so that no PE leaves a barrier before another arrived, whatever the exits did (over TCP on
 * 2 cores one host left each barrier 4 ms after the other). The convex-hull idea of clock synchronisation from causal
 * pairs, with the barriers as the pairs. Barriers are sampled (every k-th, k doubling) to keep memory bounded at any
 * run length. Further causal pairs ({@link Releases}: a write and the wait it ended) bound the line one way each, and
 * the holds of a lock on two hosts ({@link LockHolds}: never overlapping) rule out the shifts that would make them
 * overlap; they move it as the bands do, but only where the barriers' bands still hold.
 */
final class HostClocks {
    /** Samples kept per host, at most. */
    static final int SAMPLES = 4096;
    /** Drift larger than this (1000 ppm) is no clock's: the constant offset is used. */
    private static final double MAX_DRIFT = 1e-3;
    /** How far into a band a line moved into it goes past the edge, at most (ns). */
    private static final double MARGIN_NS = 1000;

    private final int hosts;
    /** Per host, per sample: the latest arrival and the earliest exit of its PEs (ns, header clocks). */
    private long[][] maxStart;
    private long[][] minEnd;
    private int stride = 1;
    private int samples;
    /** Causal pairs: (cause's host, its time, effect's host, its time), ns on their header clocks; at most PAIRS. */
    static final int PAIRS = 1 << 16;
    private long[] pairs = new long[4 * 16];
    private int nPairs;
    /** The holds of locks, kept apart across hosts as the causal pairs are kept in order. */
    private final LockHolds holds;

    HostClocks(int hosts, LockHolds holds) {
        this.hosts = hosts;
        this.holds = holds;
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

    /**
     * Something at effectNs on host effectHost's clock happened after something at causeNs on causeHost's (a wait's
     * return after the write that ended it started). Past {@link #PAIRS} pairs the rest are left out: fewer
     * constraints, never a wrong one.
     */
    void causal(int causeHost, long causeNs, int effectHost, long effectNs) {
        if (causeHost == effectHost || nPairs == PAIRS) return;
        if (4 * nPairs + 4 > pairs.length) pairs = Arrays.copyOf(pairs, 2 * pairs.length);
        int at = 4 * nPairs++;
        pairs[at] = causeHost;
        pairs[at + 1] = causeNs;
        pairs[at + 2] = effectHost;
        pairs[at + 3] = effectNs;
    }

    /** A host's clock against the reference's: add offset + drift x (t - origin) to its times t. */
    record Line(long offsetNs, double drift, long originNs) {
        /** Time ns of this host's clock on the reference's. */
        double onReference(long ns) {
            return ns + at(this, ns);
        }
    }

    /**
     * Every host's line against reference host ref (offset 0 for ref itself), or null when some host saw no barrier
     * that ref saw. Each from the barriers and the causal pairs with ref; then, with three hosts or more, the pairs
     * between two other hosts, the other host's time put on ref's clock by its line, a pass per host while a line
     * still moves (each pass only moves a line where every band still holds, so the passes end).
     */
    Line[] lines(int ref) {
        Line[] lines = new Line[hosts];
        Bands[] bands = new Bands[hosts];
        for (int h = 0; h < hosts; h++) {
            if (h == ref) {
                lines[h] = new Line(0, 0, 0);
                continue;
            }
            bands[h] = bands(h, ref);
            if (bands[h] == null) return null;
            lines[h] = line(bands[h]);
        }
        Line[] onlyRef = new Line[hosts];
        onlyRef[ref] = lines[ref];
        for (int h = 0; h < hosts; h++) if (h != ref) lines[h] = withPairs(lines[h], h, onlyRef, bands[h]);
        for (int pass = 0; hosts > 2 && pass < hosts; pass++) {
            boolean moved = false;
            for (int h = 0; h < hosts; h++) {
                if (h == ref) continue;
                Line l = withPairs(lines[h], h, lines, bands[h]);
                moved |= !l.equals(lines[h]);
                lines[h] = l;
            }
            if (!moved) break;
        }
        return lines;
    }

    /** Per barrier sampled on both hosts: ref's first exit, and the band and the exits' offset of h against ref. */
    private record Bands(double[] t, double[] lo, double[] hi, double[] exit, int n) {}

    private Bands bands(int h, int ref) {
        int n = 0;
        double[] t = new double[samples], lo = new double[samples], hi = new double[samples], exit = new double[samples];
        for (int j = 0; j < samples; j++) {
            if (maxStart[h][j] == Long.MIN_VALUE || maxStart[ref][j] == Long.MIN_VALUE) continue;
            t[n] = minEnd[ref][j];
            lo[n] = maxStart[ref][j] - minEnd[h][j];
            hi[n] = minEnd[ref][j] - maxStart[h][j];
            exit[n] = minEnd[ref][j] - minEnd[h][j]; // the offset that makes the two hosts' first exits coincide
            n++;
        }
        return n == 0 ? null : new Bands(t, lo, hi, exit, n);
    }

    /** A host's line from its barriers' bands against the reference. */
    private static Line line(Bands bands) {
        double[] t = bands.t(), lo = bands.lo(), hi = bands.hi(), exit = bands.exit();
        int n = bands.n();
        long origin = (long) t[0];
        // the exits' offset: the median (a barrier's slow exit is an outlier, not the clock); with 4 barriers or
        // more, a line through the medians of the run's two halves (the drift)
        double offset = median(exit, 0, n), drift = 0;
        if (n >= 4) {
            int half = n / 2;
            double t1 = median(t, 0, half) - origin, t2 = median(t, half, n) - origin;
            double m1 = median(exit, 0, half), m2 = median(exit, half, n);
            drift = t2 > t1 ? (m2 - m1) / (t2 - t1) : 0;
            if (Math.abs(drift) > MAX_DRIFT) drift = 0;
            offset = drift == 0 ? offset : m1 - drift * t1;
        }
        // then into every barrier's band: up as far as the lowest bound needs, down as far as the highest allows
        double up = Double.NEGATIVE_INFINITY, down = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            double at = offset + drift * (t[i] - origin);
            up = Math.max(up, lo[i] - at);
            down = Math.max(down, at - hi[i]);
        }
        boolean keeps = up <= -down; // some shift of the line satisfies every band
        // onto the band's edge, and a little past it (a microsecond, at most half the room left): times are rounded
        double margin = keeps ? Math.min(MARGIN_NS, (-down - up) / 2) : 0;
        if (up > 0) offset += up + margin;
        else if (down > 0) offset -= down + margin;
        if (!keeps && drift != 0) { // this drift fits no shift: the constant offset, if one fits
            double[] b = band(lo, hi, 0, n);
            if (b[0] <= b[1]) return new Line(Math.round(Math.min(b[1], Math.max(b[0], median(exit, 0, n)))), 0, origin);
        }
        return new Line(Math.round(offset), drift, origin);
    }

    /**
     * The line moved as little as the causal pairs and the lock holds between h and the hosts whose lines are known
     * need (up for a cause elsewhere, down for an effect elsewhere, off every shift that would make two holds of one
     * lock overlap; the other host's times on the reference's clock by its line), if it then still lies in every
     * barrier's band; else as it was.
     */
    private Line withPairs(Line line, int h, Line[] known, Bands b) {
        double[] t = b.t(), lo = b.lo(), hi = b.hi();
        int n = b.n();
        // the shifts allowed: at least least, at most most, and none inside an interval of excluded
        double least = Double.NEGATIVE_INFINITY, most = Double.POSITIVE_INFINITY;
        for (int i = 0; i < nPairs; i++) {
            int cause = (int) pairs[4 * i], effect = (int) pairs[4 * i + 2];
            long causeNs = pairs[4 * i + 1], effectNs = pairs[4 * i + 3];
            if (effect == h && known[cause] != null) { // offset >= the cause's time on ref's clock - effectNs
                double causeAt = known[cause].onReference(causeNs);
                least = Math.max(least, causeAt - effectNs - at(line, Math.round(causeAt)));
            } else if (cause == h && known[effect] != null) { // offset <= the effect's time on ref's clock - causeNs
                double effectAt = known[effect].onReference(effectNs);
                most = Math.min(most, effectAt - causeNs - at(line, Math.round(effectAt)));
            }
        }
        for (int i = 0; i < n; i++) {
            double at = at(line, (long) t[i]);
            least = Math.max(least, lo[i] - at);
            most = Math.min(most, hi[i] - at);
        }
        double[][] excluded = holds.overlapping(h, line, known);
        if (least <= 0 && most >= 0 && !inside(0, excluded)) return line; // nothing to move
        double shift = nearestAllowed(least, most, excluded);
        if (Double.isNaN(shift)) return line; // no shift satisfies them all
        // past the edge, as for the bands: into the allowed room, at most a microsecond or half of it
        double[] room = allowedAround(shift, least, most, excluded);
        double margin = Math.min(MARGIN_NS, (room[1] - room[0]) / 2);
        shift = shift == room[0] ? shift + margin : shift == room[1] ? shift - margin : shift;
        return new Line(Math.round(line.offsetNs() + shift), line.drift(), line.originNs());
    }

    /** Whether x lies inside one of the open intervals. */
    private static boolean inside(double x, double[][] intervals) {
        for (double[] i : intervals) if (x > i[0] && x < i[1]) return true;
        return false;
    }

    /** The point of [least, most] nearest 0 outside the open intervals (disjoint, in order), or NaN. */
    private static double nearestAllowed(double least, double most, double[][] excluded) {
        if (least > most) return Double.NaN;
        double x = Math.min(most, Math.max(least, 0));
        for (double[] i : excluded) {
            if (x <= i[0] || x >= i[1]) continue;
            // inside this one: its ends are allowed (the intervals are disjoint), if within the bounds
            boolean below = i[0] >= least, above = i[1] <= most;
            if (below && above) return Math.abs(i[0]) <= Math.abs(i[1]) ? i[0] : i[1];
            return below ? i[0] : above ? i[1] : Double.NaN;
        }
        return x;
    }

    /** The allowed segment around x: from the nearest interval's end or bound below it to the one above. */
    private static double[] allowedAround(double x, double least, double most, double[][] excluded) {
        double from = least, to = most;
        for (double[] i : excluded) {
            if (i[1] <= x) from = Math.max(from, i[1]);
            if (i[0] >= x) to = Math.min(to, i[0]);
        }
        return new double[] {from, to};
    }

    /** The line's offset at time ns (on the reference's clock). */
    private static double at(Line line, long ns) {
        return line.offsetNs() + line.drift() * (ns - line.originNs());
    }

    private static double median(double[] v, int from, int to) {
        double[] c = Arrays.copyOfRange(v, from, to);
        Arrays.sort(c);
        return c.length % 2 == 1 ? c[c.length / 2] : (c[c.length / 2 - 1] + c[c.length / 2]) / 2;
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
}
