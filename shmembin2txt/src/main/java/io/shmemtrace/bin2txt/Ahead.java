package io.shmemtrace.bin2txt;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

/**
 * Text worked out from the run directory on a thread of its own while the report's pass reads the run (the page's
 * wait states, the findings at the head of the summary and the page): the merge they take costs about what that pass
 * costs, and a machine has a second core. Its progress bars stay silent until the pass's own bar is done.
 */
final class Ahead<T> implements Supplier<T> {
    private final FutureTask<T> text;
    private final HeldBack bars;

    /** Starts work (given where its bars go); terminal: where bars go once {@link #get} is called (null: none). */
    Ahead(String name, java.util.function.Function<PrintStream, T> work, PrintStream terminal) {
        bars = terminal == null ? null : new HeldBack(terminal);
        PrintStream barStream = bars == null ? null : new PrintStream(bars, true);
        text = new FutureTask<>(() -> work.apply(barStream));
        Thread worker = new Thread(text, "shmembin2txt-" + name);
        worker.setDaemon(true); // a tool ended early does not wait for it
        worker.start();
    }

    /** The text (or why there is none), waiting for it with its bar shown. */
    @Override
    public T get() {
        if (bars != null) bars.open = true;
        try {
            return text.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
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
