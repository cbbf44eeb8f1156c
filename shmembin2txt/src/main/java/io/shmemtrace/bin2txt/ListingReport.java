package io.shmemtrace.bin2txt;

import io.shmemtrace.format.read.TraceEvent;
import java.io.PrintStream;

/** One line per event: PE, thread, sequence, start (µs since init), function, fields, duration, burst. */
final class ListingReport extends Report {
    ListingReport(PrintStream out) {
        super(out);
        out.printf("%4s %3s %8s %14s  %-32s %12s %12s  %s%n", "pe", "thr", "seq", "start_us", "function",
                "duration_ns", "burst_ns", "arguments");
    }

    @Override
    void event(TraceEvent e) {
        out.printf("%4d %3d %8d %14.3f  %-32s %12d %12d  %s%n", e.pe(), e.thread(), e.seq(), e.startNs() / 1000.0,
                e.name(), e.durationNs(), e.burstNs(), Fields.format(e, " "));
    }
}
