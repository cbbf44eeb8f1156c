package io.shmemtrace.bin2txt;

import io.shmemtrace.analysis.findings.Names;
import java.util.Locale;

/**
 * How the summary writes a time: with 4 significant digits in s, ms, us or ns, as mpiP and the findings do (a
 * reader compares 26.02 ms with 317.3 us at a glance, not 26017960 with 317292), or, with --ns, as the exact
 * integer ns the trace holds (for scripts: the columns' names then end in _ns, as in the CSV).
 */
record Durations(boolean exactNs) {
    /** A table cell: "26.02 ms", or "26017960" with --ns. */
    String cell(long ns) {
        if (exactNs) return Long.toString(ns);
        return Math.abs(ns) < 1000 ? String.format(Locale.ROOT, "%d ns", ns) : Names.time(ns / 1e9);
    }

    /** In a sentence: "26.02 ms", or "26017960 ns" with --ns. */
    String text(long ns) {
        return exactNs ? ns + " ns" : cell(ns);
    }

    /** A column's name: "total", or "total_ns" with --ns. */
    String column(String name) {
        return exactNs ? name + "_ns" : name;
    }
}
