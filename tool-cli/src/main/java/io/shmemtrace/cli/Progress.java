package io.shmemtrace.cli;

import java.io.PrintStream;

/** A one-line progress bar on a terminal, redrawn at most ten times a second; silent when off. */
public final class Progress {
    private static final int WIDTH = 30;
    private final PrintStream err;
    private final boolean on;
    private final String tool;
    private final String unit;
    private final long total;
    private final long startNs = System.nanoTime();
    private long lastDrawNs;

    /** unit: what done and total count ("PEs", "events"). */
    public Progress(PrintStream err, boolean on, String tool, long total, String unit) {
        this.err = err;
        this.on = on;
        this.tool = tool;
        this.unit = unit;
        this.total = Math.max(total, 1);
    }

    /** A bar for a tool writing to stderr when stderr is a terminal. */
    public static boolean onTerminal() {
        return System.console() != null;
    }

    /** done of total; events: events handled so far (0: no rate shown). */
    public void update(long done, long events) {
        long now = System.nanoTime();
        if (!on || (now - lastDrawNs < 100_000_000L && done < total)) return;
        lastDrawNs = now;
        int filled = (int) (WIDTH * Math.min(done, total) / total);
        double rate = events / Math.max((now - startNs) / 1e9, 1e-9) / 1e6;
        err.printf("\r%s [%s%s] %3d%% %d/%d %s%s ", tool, "#".repeat(filled), " ".repeat(WIDTH - filled),
                100 * Math.min(done, total) / total, done, total, unit,
                events > 0 ? String.format(java.util.Locale.ROOT, ", %.1f M events/s", rate) : "");
        err.flush();
    }

    public void done() {
        if (on) err.println();
    }
}
