package io.shmemtrace.merged.merge;

import java.util.concurrent.LinkedBlockingQueue;

/**
 * The thread that makes a replayed run's records from its traces ahead of the replay ({@link PeStream}), batch
 * after batch in the order they are asked for, so that the replay's thread only copies them: the making (decoding,
 * the bookkeeping) costs about what the replay's own work costs, and the machine has a second core for it. One
 * thread for every task of the run: the run's tables are shared, and only this thread touches them.
 */
final class RecordMaker implements AutoCloseable {
    private final LinkedBlockingQueue<Runnable> asked = new LinkedBlockingQueue<>();
    private final Thread thread = new Thread(this::work, "shmemtrace records");

    RecordMaker() {
        thread.setDaemon(true); // a replay that ends by an exception leaves nothing running
        thread.start();
    }

    /** Runs fill on the maker's thread, after what was asked before. */
    void ask(Runnable fill) {
        asked.add(fill);
    }

    private void work() {
        try {
            while (true) asked.take().run();
        } catch (InterruptedException e) {
            // closed
        }
    }

    @Override
    public void close() {
        thread.interrupt();
    }
}
