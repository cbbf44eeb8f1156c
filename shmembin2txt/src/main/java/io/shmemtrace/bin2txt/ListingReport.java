package io.shmemtrace.bin2txt;

import io.shmemtrace.io.Decimals;
import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceRun;
import java.io.PrintStream;

/**
 * One line per event: PE, thread (only when some PE traced calls from more than its first thread),
 * sequence number, start (µs since the PE's init), function, its fields, duration and the CPU burst before it.
 */
final class ListingReport extends Report {
    private boolean threads;
    private final StringBuilder line = new StringBuilder(160);

    ListingReport(PrintStream out) {
        super(out);
    }

    @Override
    void begin(TraceRun run) {
        // The thread column when a file has threads past the first. Files are opened one at a time: the ones
        // the scan kept open (all of a run of up to --max-open files) are looked at; with more, it is shown.
        threads = false;
        for (TraceRun.Input in : run.inputs()) {
            TraceFile f = in.ifOpen();
            if (f == null || f.threads().length > 1 || (f.threads().length == 1 && f.threads()[0] > 0)) threads = true;
        }
        out.println(threads
                ? String.format("%4s %3s %8s %14s  %-28s %s", "pe", "thr", "seq", "start_us", "function", "fields")
                : String.format("%4s %8s %14s  %-28s %s", "pe", "seq", "start_us", "function", "fields"));
    }

    @Override
    void event(TraceEvent e) {
        line.setLength(0);
        pad(line, Integer.toString(e.pe()), 4).append(' ');
        if (threads) pad(line, Integer.toString(e.thread()), 3).append(' ');
        pad(line, Long.toString(e.seq()), 8).append(' ');
        pad(line, micros(e.startNs()), 14).append("  ").append(e.name());
        for (int i = e.name().length(); i < 28; i++) line.append(' ');
        line.append(' ');
        Fields.append(line, e, " ");
        if (!e.def().fields().isEmpty()) line.append(' ');
        if (e.repeats() > 0) line.append("repeated=").append(e.repeats()).append(" calls=").append(e.callsNs()).append("ns ");
        line.append("duration=").append(e.durationNs()).append("ns burst=").append(e.burstNs()).append("ns");
        out.println(line);
    }

    /** ns as µs with 3 decimals, without String.format: the listing may have tens of millions of lines. */
    static String micros(long ns) {
        return Decimals.append(new StringBuilder(24), ns, 3).toString();
    }

    private static StringBuilder pad(StringBuilder sb, String s, int width) {
        for (int i = s.length(); i < width; i++) sb.append(' ');
        return sb.append(s);
    }
}
