package io.shmemtrace.replay.engine;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.Local;
import io.shmemtrace.replay.model.SyncCost;
import io.shmemtrace.waits.WaitState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeSet;
import static io.shmemtrace.merged.format.RecordType.*;

/**
 * Distributed locks, taken in the traced order: a free lock goes to its next asker by traced grant time, once
 * the horizon shows that no earlier asker can still come; a release frees it at the model's cost.
 */
final class Locks implements Handler {
    private final Replay replay;
    private final CommModel model;
    private final Map<Long, Lock> locks = new HashMap<>();
    /**
     * Locks with askers, by when their next asker asked in the trace (then creation order): resolve looks only at
     * those the horizon has passed, so a run with thousands of locks costs what is due, not what exists. A lock's
     * place changes with its first asker: taken out before its askers change, put back after.
     */
    private final TreeSet<Lock> contended = new TreeSet<>(
            Comparator.<Lock>comparingDouble(l -> l.waiting.peek().tracedEnd()).thenComparingLong(l -> l.id));
    private long lockIds;
    /** How long a releaser that went on computing held its release (Model progress messages=sender); who serves whose locks. */
    private final Completions completions;

    /** A lock: free since when, and who asks for it, by traced grant order. */
    private static final class Lock {
        final long id;
        boolean held;
        double freeAt;
        /** The sequence, and its event, whose release freed it last (-1: never held). */
        int freedBy = -1;
        long freedByEvent;
        /** The releasing call's task and end. */
        int freedTask = -1;
        double freedCallEnd;
        final PriorityQueue<Sequence> waiting = new PriorityQueue<>((a, b) -> Double.compare(a.tracedEnd(), b.tracedEnd()));

        Lock(long id) {
            this.id = id;
        }
    }

    Locks(Replay replay, Completions completions) {
        this.replay = replay;
        this.completions = completions;
        this.model = replay.model;
    }

    @Override
    public Set<RecordType> types() {
        return EnumSet.of(SET_LOCK, TEST_LOCK, CLEAR_LOCK);
    }

    @Override
    public void start(Sequence s, double start) throws IOException, MergedFormatException {
        RunRecord r = s.current;
        switch (r.type()) {
            case SET_LOCK -> request(s, start);
            case TEST_LOCK -> {
                if (r.result() == 0) request(s, start); // it got the lock: as a set_lock
                else replay.finish(s, start, start + model.local(new Local(r.type(), s.task, r.duration())), 0);
            }
            default -> { // CLEAR_LOCK
                Local release = call(s);
                served(s, release);
                double end = start + model.local(release);
                Lock lock = lock(r.lock());
                lock.held = false;
                lock.freeAt = start + model.lockFreed(release);
                lock.freedBy = s.index;
                lock.freedByEvent = r.event();
                lock.freedTask = s.task;
                lock.freedCallEnd = end;
                replay.changed();
                replay.finish(s, start, end, 0);
                tryGrant(lock, false);
            }
        }
    }

    /**
     * The lock call s is making, for the model: on static data or the heap, and whether the lock is homed at s's PE.
     * A lock lives at PE (address / 8) % PEs (Open MPI's and OSSS-UCX's rule; the traced address is the caller's, the
     * same at every PE for globals and Open MPI's heap): of gups -l's 64 global locks, the 32 homed at a PE take
     * 0.1 us there and 8.8 over TCP at the other (calibrate measures a lock each side of the rule).
     */
    private Local call(Sequence s) {
        RunRecord r = s.current;
        return new Local(r.type(), s.task, r.duration(), !replay.heap(s.task).contains(r.lock()), home(r) == s.task);
    }

    private int home(RunRecord r) {
        return (int) Long.remainderUnsigned(r.lock() >>> 3, replay.file.header().tasks());
    }

    /**
     * The lock's home serves s's call at it where it lives elsewhere (its time in its own library calls, as a target
     * takes a get: Completions), as gups -l's PEs serve each other's locks.
     */
    private void served(Sequence s, Local call) {
        if (!call.homedHere()) completions.served(home(s.current), call.staticData(), model.lockService(call));
    }

    private Lock lock(long address) {
        return locks.computeIfAbsent(address, k -> new Lock(lockIds++));
    }

    private void request(Sequence s, double start) throws IOException, MergedFormatException {
        replay.block(s, start);
        Lock lock = lock(s.current.lock());
        if (!lock.waiting.isEmpty()) contended.remove(lock);
        lock.waiting.add(s);
        contended.add(lock);
        replay.changed();
        tryGrant(lock, false);
    }

    /** Gives a free lock to the next asker in traced order, once no earlier asker can still come (or forced). */
    private void tryGrant(Lock lock, boolean force) throws IOException, MergedFormatException {
        Sequence next = lock.waiting.peek();
        if (lock.held || next == null) return;
        if (!force && replay.horizon != null && next.tracedEnd() > replay.horizon.min()) return;
        contended.remove(lock);
        lock.waiting.poll();
        if (!lock.waiting.isEmpty()) contended.add(lock);
        lock.held = true;
        replay.changed();
        double release = Math.max(lock.freeAt, next.arrival);
        if (lock.freedTask >= 0) {
            release = Math.max(release, lock.freeAt + completions.senderDelay(lock.freedTask, next.task, lock.freedCallEnd));
        }
        Local acquire = call(next);
        served(next, acquire);
        SyncCost cost = model.release(acquire);
        double end = Math.max(release + cost.afterRelease(), next.arrival + cost.minimum());
        double waited = Math.min(release - next.arrival, end - next.arrival);
        if (waited > 0) {
            replay.waits.waited(WaitState.LOCK_CONTENTION, next.current, waited);
            if (lock.freedBy >= 0 && lock.freeAt > next.arrival) replay.causedBy(next, lock.freedBy, lock.freedByEvent);
        }
        replay.finish(next, next.arrival, end, waited);
    }

    @Override
    public boolean holds() {
        return !contended.isEmpty();
    }

    @Override
    public void resolve() throws IOException, MergedFormatException {
        if (contended.isEmpty()) return;
        List<Lock> due = new ArrayList<>();
        double now = replay.horizon.min();
        for (Lock lock : contended) {
            if (lock.waiting.peek().tracedEnd() > now) break; // the rest are later still
            if (!lock.held) due.add(lock);
        }
        for (Lock lock : due) tryGrant(lock, false);
    }

    /** The free lock whose next asker asked first in the trace; null if none. */
    private Lock earliestFree() {
        for (Lock l : contended) if (!l.held) return l; // in order of their next askers
        return null;
    }

    @Override
    public double earliestHeld() {
        Lock best = earliestFree();
        return best == null ? Double.POSITIVE_INFINITY : best.waiting.peek().tracedEnd();
    }

    @Override
    public void forceEarliest() throws IOException, MergedFormatException {
        Lock best = earliestFree();
        if (best != null) tryGrant(best, true);
    }
}
