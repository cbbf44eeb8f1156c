package io.shmemtrace.replay.engine;

/** What one traced function did in the replay: calls, simulated time in it (wait included), wait, bytes. */
public final class CallStats {
    public long calls;
    public double time;
    public double wait;
    public long bytes;
    public double tracedTime;
}
