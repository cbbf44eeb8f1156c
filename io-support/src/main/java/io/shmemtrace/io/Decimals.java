package io.shmemtrace.io;

/**
 * Fixed-point numbers as text without a Formatter a number (a listing of tens of millions of lines, a merge's side
 * file of 16,384 PEs): an integer count of 10^-decimals units written with exactly that many digits after the point.
 */
public final class Decimals {
    private static final long[] POWERS = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
            1_000_000_000};

    private Decimals() {}

    /** units / 10^decimals (decimals 1 to 9), e.g. 1234567 ns with 3 as "1234.567", -5 with 3 as "-0.005". */
    public static StringBuilder append(StringBuilder to, long units, int decimals) {
        long scale = POWERS[decimals];
        long abs = Math.abs(units);
        long fraction = abs % scale;
        if (units < 0) to.append('-');
        to.append(abs / scale).append('.');
        for (long digit = scale / 10; digit > fraction && digit > 1; digit /= 10) to.append('0');
        return to.append(fraction);
    }
}
