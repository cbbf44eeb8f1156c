package io.shmemtrace.format;

/**
 * Names that come from a file (functions, modules, hosts, run ids) on their way to a terminal, a CSV or a text
 * report: a character a terminal would act on (C0 and C1 controls: escape sequences that set the title or move the
 * cursor, a newline that fakes an output line; DEL; the bidirectional overrides that reorder what is shown) is
 * written as \xNN, or as a backslash, u and {NNNN}. Printable text, whatever its script, passes unchanged.
 */
public final class Escape {
    private Escape() {}

    public static String text(String s) {
        if (s == null) return null;
        int i = 0;
        while (i < s.length() && printable(s.charAt(i))) i++;
        if (i == s.length()) return s; // the usual case: nothing to copy
        StringBuilder b = new StringBuilder(s.length() + 8).append(s, 0, i);
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (printable(c)) b.append(c);
            else if (c < 0x100) b.append(String.format("\\x%02X", (int) c));
            else b.append(String.format("\\u{%04X}", (int) c));
        }
        return b.toString();
    }

    private static boolean printable(char c) {
        if (c >= 0x20 && c < 0x7F) return true;
        if (c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0)) return false;
        return !(c >= 0x202A && c <= 0x202E) && !(c >= 0x2066 && c <= 0x2069);
    }
}
