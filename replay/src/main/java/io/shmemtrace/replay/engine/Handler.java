package io.shmemtrace.replay.engine;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.MergedFormatException;
import java.io.IOException;
import java.util.Set;

/**
 * One mechanism of the replay, for the record types it owns (SMPI's replay has one handler per action): it
 * prices an event with the model and ends it through {@link Replay#finish}, or blocks its sequence
 * ({@link Replay#block}) until what it waits for happens. A mechanism that waits for the traced order of other
 * tasks' events (a wait for its write, a lock for its turn) releases what the horizon allows in
 * {@link #resolve}, and can be forced when nothing else can run.
 */
interface Handler {
    /** The record types this handler replays. */
    Set<RecordType> types();

    /** s's current event starts at start (simulated): end it, or block s until it can end. */
    void start(Sequence s, double start) throws IOException, MergedFormatException, ReplayException;

    /** Whether it holds a blocked sequence that {@link #resolve} could release (when not, the engine skips it). */
    default boolean holds() {
        return false;
    }

    /** The horizon has moved or something changed: release every blocked sequence it now allows. */
    default void resolve() throws IOException, MergedFormatException {
    }

    /** The traced end of the earliest event this handler holds blocked and could release by force; +inf if none. */
    default double earliestHeld() {
        return Double.POSITIVE_INFINITY;
    }

    /** Releases the event of {@link #earliestHeld} now (a trace whose clocks disagree a little). */
    default void forceEarliest() throws IOException, MergedFormatException {
    }

    /** At the end of the replay: why some of its events never ended, or null. */
    default String unfinished() {
        return null;
    }
}
