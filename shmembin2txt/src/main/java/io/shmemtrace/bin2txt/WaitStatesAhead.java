package io.shmemtrace.bin2txt;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

/**
 * --html's wait states, worked out on a thread of their own while the report's pass reads the run: the merge they
 * take costs about what that pass costs, and a machine has a second core. Their progress bars stay silent until the
 * pass's own bar is done.
 */
final class WaitStatesAhead implements Supplier<String> {
    private final FutureTask<String> text;
    private final HeldBack bars;

    /** Starts on run; terminal: where bars go once {@link #get} is called (null: none). */
    WaitStatesAhead(Path run, PrintStream terminal) {
        bars = terminal == null ? null : new HeldBack(terminal);
        PrintStream barStream = bars == null ? null : new PrintStream(bars, true);
        text = new FutureTask<>(() -> Patterns.text(run, barStream));
        Thread worker = new Thread(text, "shmembin2txt-wait-states");
        worker.setDaemon(true); // a tool ended early does not wait for it
        worker.start();
    }

    /** The wait-state text (or why there is none), waiting for it with its bar shown. */
    @Override
    public String get() {
        if (bars != null) bars.open = true;
        try {
            return text.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "Not found: interrupted";
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Bytes dropped until open, then passed on: a bar drawn while another is on the line would mangle both. */
    private static final class HeldBack extends OutputStream {
        private final PrintStream to;
        volatile boolean open;

        HeldBack(PrintStream to) {
            this.to = to;
        }

        @Override
        public void write(int b) {
            if (open) to.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (open) to.write(b, off, len);
        }

        @Override
        public void flush() {
            if (open) to.flush();
        }
    }
}
