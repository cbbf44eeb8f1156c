package io.shmemtrace.replay.engine;

/** A trace that cannot be replayed (collectives that do not match, a damaged record): one line saying why. */
public final class ReplayException extends Exception {
    public ReplayException(String message) {
        super(message);
    }
}
