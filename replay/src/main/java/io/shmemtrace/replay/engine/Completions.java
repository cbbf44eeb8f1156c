package io.shmemtrace.replay.engine;

import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.Rma;
import io.shmemtrace.waits.WaitState;
import java.io.IOException;

/**
 * The completion of transfers: each task's transfers in flight, by the event that completes them; a completing
 * call (quiet, barrier, clear_lock, ...) ends no earlier than they land. Where the machine's progress rule says
 * transfers complete only while their target is in the library, a completing call also waits until every
 * target's replay shows it there, and each target pays for the transfers it takes.
 */
final class Completions {
    private final Replay replay;
    private final CommModel model;
    private final PendingCompletions pending;
    /** Where transfers complete only at their target's library calls: that rule's state; null otherwise. */
    private TargetProgress targetProgress;
    /** When each task was in the library, where a progress rule asks; null otherwise. */
    private LibraryTimelines timelines;
    /** Whether messages leave only while their sender is in the library (Model progress messages=sender). */
    private boolean sendersHold;

    Completions(Replay replay, CommModel model, int tasks) {
        this.replay = replay;
        this.model = model;
        pending = new PendingCompletions(tasks);
    }

    /** Transfers to the heap, to static data, complete only at their target's calls; sequencesOf: threads per task. */
    void needTarget(int[] sequencesOf, boolean heap, boolean staticData) {
        targetProgress = new TargetProgress(timelines(sequencesOf), sequencesOf.length, heap, staticData);
    }

    /** Messages leave only while their sender is in the library: every task's timeline is kept for {@link #senderDelay}. */
    void needSender(int[] sequencesOf) {
        timelines(sequencesOf);
        sendersHold = true;
    }

    /** Whether a sender that goes on computing holds its messages ({@link #senderDelay} then says how long). */
    boolean sendersHold() {
        return sendersHold;
    }

    private LibraryTimelines timelines(int[] sequencesOf) {
        if (timelines == null) timelines = new LibraryTimelines(sequencesOf);
        return timelines;
    }

    /**
     * How much later a message that task sender sent in a call ending at callEnd reaches task receiver (-1: every
     * other member of a collective) where messages need their sender: nothing if the sender goes on in the library,
     * else the computing until its next call (as where PEs share a core, or a library sends only inside its calls:
     * docs/shmemsim.md); nothing for a write of the receiver's own, where senders do not hold messages, or while not
     * known.
     */
    double senderDelay(int sender, int receiver, double callEnd) {
        if (!sendersHold || sender == receiver) return 0;
        double after = Math.nextUp(callEnd), in = timelines.inLibraryFrom(sender, after);
        return in > after ? in - callEnd : 0; // false for NaN
    }

    /** A transfer of s's current event r lands at landed; the event r.completion() completes it. */
    void add(Sequence s, RunRecord r, Rma call, double landed) {
        boolean needsTarget = needsTarget(call);
        pending.add(s.task, r.completion(), needsTarget ? r.target() : -1, landed, call.posted());
        if (needsTarget) targetProgress.serve(call.target(), model.targetService(call));
    }

    /** A call done in the call (a get, a fetching atomic): its target's time to answer it, where that needs the target. */
    void answered(Rma call) {
        served(call.target(), call.staticData(), model.targetService(call));
    }

    /**
     * A call at target's memory (static data or the heap) that target serves in its library calls, where such calls
     * need their target (the machine's progress rule): a g's answer, a lock's acquisition or release at its home.
     */
    void served(int target, boolean staticData, double seconds) {
        if (needsTarget(staticData)) targetProgress.serve(target, seconds);
    }

    /** Whether call completes only through its target's library calls (the machine's progress rule). */
    private boolean needsTarget(Rma call) {
        return needsTarget(call.staticData());
    }

    private boolean needsTarget(boolean staticData) {
        return targetProgress != null && targetProgress.needsTarget(staticData);
    }

    /** When the transfers that task's record r completes have landed, leaving them pending; NaN if none. */
    double latest(int task, RunRecord r) {
        return pending.latest(task, r);
    }

    /** Ends s's current event at end, or later when it completes transfers that land later, and moves s on. */
    void finish(Sequence s, double start, double end, double waited) throws IOException, MergedFormatException {
        RunRecord r = s.current;
        if (!pending.isEmpty(s.task) && r.type().completesPending()) {
            double landed = pending.take(s.task, r);
            if (targetProgress != null && pending.taken() > 0) {
                s.awaitCount = 0;
                for (int i = 0; i < pending.taken(); i++) s.await(pending.takenTarget(i), pending.takenLanded(i));
                s.awaitStart = start;
                s.awaitEnd = end;
                s.awaitWaited = waited;
                s.awaitPosted = pending.lastTookPosted();
                completeWhenProgressed(s);
                return;
            }
            if (landed > end) end = landed; // false for NaN: nothing to complete
            if (pending.lastTookPosted()) replay.waits.waited(WaitState.NBI_NOT_OVERLAPPED, r, end - start);
        }
        replay.done(s, start, end, waited);
    }

    // --- the target progress rule (inert without it)

    void entered(int task, double start) {
        if (timelines != null) timelines.entered(task, start);
    }

    /** What task's call that just ended spent taking others' transfers, beyond what it waited anyway. */
    double charge(int task, double waited) {
        return targetProgress == null ? 0 : targetProgress.charge(task, waited);
    }

    void left(int task, double start, double end, double next) {
        if (timelines != null) timelines.left(task, start, end, next);
    }

    /**
     * Ends s's completing call once every target of the transfers it completes has been in the library since
     * they landed; until the replay of such a target gets that far, s waits (in its call) for it.
     */
    private void completeWhenProgressed(Sequence s) throws IOException, MergedFormatException {
        double end = s.awaitEnd;
        for (int i = 0; i < s.awaitCount; i++) {
            double completes = targetProgress.completes(s.awaitTargets[i], s.awaitLanded[i]);
            if (Double.isNaN(completes)) {
                if (!s.blocked) replay.block(s, s.awaitStart); // a collective's member is blocked already
                targetProgress.waitFor(s, s.awaitTargets[i]);
                return;
            }
            end = Math.max(end, completes);
        }
        targetProgress.resumed(s);
        s.awaitCount = 0;
        if (s.awaitPosted) replay.waits.waited(WaitState.NBI_NOT_OVERLAPPED, s.current, end - s.awaitStart);
        replay.done(s, s.awaitStart, end, s.awaitWaited);
    }

    /** Looks again at the sequences waiting for a task's progress, until none can go on. */
    void wakeProgressWaiters() throws IOException, MergedFormatException {
        if (targetProgress == null) return;
        boolean woke = true;
        while (woke && targetProgress.anyWaiting()) {
            woke = false;
            for (Sequence w : targetProgress.takeWaiters()) {
                completeWhenProgressed(w);
                if (!w.awaitingProgress) woke = true;
            }
        }
    }

    /** Nothing can run: ends one call waiting for its targets' progress as if they progressed at once; false if none. */
    boolean forceOne() throws IOException, MergedFormatException {
        Sequence stuck = targetProgress != null ? targetProgress.takeOne() : null;
        if (stuck == null) return false;
        for (int i = 0; i < stuck.awaitCount; i++) stuck.awaitEnd = Math.max(stuck.awaitEnd, stuck.awaitLanded[i]);
        stuck.awaitCount = 0;
        targetProgress.resumed(stuck);
        replay.done(stuck, stuck.awaitStart, stuck.awaitEnd, stuck.awaitWaited);
        return true;
    }
}
