package io.shmemtrace.bin2txt;

import java.util.Locale;

/**
 * A double with two decimals, exactly as {@code String.format(Locale.ROOT, "%.2f", x)} writes it (its shortest
 * decimal digits rounded half up), at a fraction of the cost: the report page writes two for each of its 40,000
 * timeline boxes, and the Formatter's were a third of the page's making.
 */
final class TwoDecimals {
    private TwoDecimals() {}

    static StringBuilder append(StringBuilder b, double x) {
        // Double.toString gives plain digits here; elsewhere (exponents, signs, NaN) the Formatter itself
        if (!(x >= 1e-3 && x < 1e7)) return b.append(String.format(Locale.ROOT, "%.2f", x));
        String s = Double.toString(x);
        int dot = s.indexOf('.'), n = s.length();
        long hundredths = Long.parseLong(s, 0, dot, 10) * 100 + digit(s, dot + 1, n) * 10L + digit(s, dot + 2, n);
        if (digit(s, dot + 3, n) >= 5) hundredths++;
        long fraction = hundredths % 100;
        return b.append(hundredths / 100).append(fraction < 10 ? ".0" : ".").append(fraction);
    }

    private static int digit(String s, int at, int length) {
        return at < length ? s.charAt(at) - '0' : 0;
    }
}
