package io.shmemtrace.psins.merge;

import java.io.PrintStream;

/** A one-line progress bar on a terminal, redrawn at most ten times a second; silent when off. */
final class Progress {
    private static final int WIDTH = 30;
    private final PrintStream err;
    private final boolean on;
    private final long total;
    private final long startNs = System.nanoTime();
    private long lastDrawNs;

    Progress(PrintStream err, boolean on, long total) {
        this.err = err;
        this.on = on;
        this.total = Math.max(total, 1);
    }

    void update(long done, long events) {
        long now = System.nanoTime();
        if (!on || (now - lastDrawNs < 100_000_000L && done < total)) return;
        lastDrawNs = now;
        int filled = (int) (WIDTH * done / total);
        double rate = events / Math.max((now - startNs) / 1e9, 1e-9) / 1e6;
        err.printf("\rshmem2psins [%s%s] %3d%% %d/%d PEs, %.1f M events/s ", "#".repeat(filled),
                " ".repeat(WIDTH - filled), 100 * done / total, done, total, rate);
        err.flush();
    }

    void done() {
        if (on) err.println();
    }
}
