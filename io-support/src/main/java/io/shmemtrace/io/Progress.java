package io.shmemtrace.io;

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

    /** Where the launchers (dist/lib/java-tool.sh) say whether stderr is a terminal: "true" or "false". */
    public static final String STDERR_TERMINAL = "shmemtrace.stderr.terminal";

    /**
     * Whether a user watches stderr, where the bars go: it is a terminal (git's rule for its progress). Java 17
     * cannot ask about stderr alone, so the launchers ask the shell ({@link #STDERR_TERMINAL}); a tool started
     * another way falls back on Java's console, there when stdin and stdout are terminals (and from Java 22 off
     * them too, which its isTerminal tells).
     */
    public static boolean onTerminal() {
        String said = System.getProperty(STDERR_TERMINAL);
        if (said != null) return Boolean.parseBoolean(said);
        java.io.Console console = System.console();
        if (console == null) return false;
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true; // before Java 22 there is no console off a terminal
        }
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
