package io.shmemtrace.replay.engine;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.read.PeSet;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.replay.model.Collective;
import io.shmemtrace.replay.model.CommModel;
import io.shmemtrace.replay.model.Local;
import io.shmemtrace.replay.model.SyncCost;
import io.shmemtrace.replay.model.Target;
import io.shmemtrace.waits.WaitState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import static io.shmemtrace.merged.format.RecordType.*;

/**
 * Collectives: each instance (PE set, instance number: the merge's matching) gathers its members; when the last
 * arrives, every member leaves at the model's cost after that (a barrier no earlier than its members' transfers
 * have landed). A broadcast synchronises its members with the root only. Where the machine's collectives need their
 * sender's progress (Model progress messages=sender), the last to arrive leaves at once, having everyone's
 * messages, but its own leave only at its next library call: the others leave no earlier than the collective's
 * cost after that call's start (its messages have all of the way to go then, as in a bare barrier's).
 */
final class CollectiveCalls implements Handler {
    private final Replay replay;
    private final MergedFile file;
    private final CommModel model;
    private final Target target;
    private final Completions completions;
    private final Map<Long, Gathering> gatherings = new HashMap<>();
    private final Map<Integer, Boolean> setSpansNodes = new HashMap<>();

    /** A collective instance: who has arrived, and when the last did. */
    private static final class Gathering {
        final RecordType type;
        final String name;
        final int expected;
        final List<Sequence> members = new ArrayList<>();
        double last;
        /** A broadcast's: how many have arrived, and when its root did (NaN until then). */
        int arrived;
        double rootArrival = Double.NaN;
        Sequence root;
        long rootEvent;
        double rootTracedStart;

        Gathering(RecordType type, String name, int expected) {
            this.type = type;
            this.name = name;
            this.expected = expected;
        }
    }

    CollectiveCalls(Replay replay, Completions completions) {
        this.replay = replay;
        this.file = replay.file;
        this.model = replay.model;
        this.target = replay.target;
        this.completions = completions;
    }

    @Override
    public Set<RecordType> types() {
        // every record type of a collective call (team split and destroy are records of their own kind)
        EnumSet<RecordType> collectives = EnumSet.noneOf(RecordType.class);
        for (RecordType t : RecordType.values()) if (t.payload() == RecordType.Payload.COLLECTIVE) collectives.add(t);
        return collectives;
    }

    @Override
    public void start(Sequence s, double start) throws IOException, MergedFormatException, ReplayException {
        RunRecord r = s.current;
        if (r.synchronisesNoOne()) {
            replay.finish(s, start, start + model.local(new Local(r.type(), s.task, r.duration())), 0);
            return;
        }
        long k = (long) r.set() << 32 | (r.instance() & 0xFFFFFFFFL);
        Gathering g = gatherings.get(k);
        if (g == null) {
            g = new Gathering(r.type(), r.name(), members(r.set()));
            gatherings.put(k, g);
        } else if (g.type != r.type()) {
            throw new ReplayException("the trace's collectives do not match: PE " + s.task + " calls " + r.name()
                    + " where PE " + g.members.get(0).task + " called " + g.name + " (set " + r.set() + ", instance "
                    + r.instance() + ")");
        }
        replay.block(s, start);
        if (r.type() == BROADCAST && r.root() >= 0) {
            broadcast(s, g, k);
            return;
        }
        g.members.add(s);
        g.last = Math.max(g.last, start);
        if (g.members.size() < g.expected) return;
        gatherings.remove(k);
        PeSet set = peSet(r.set());
        boolean spans = spansNodes(r.set(), set);
        double release = g.last;
        boolean completes = false; // transfers in flight at a member's arrival: the barrier completes them
        if (r.type() == BARRIER_ALL || r.type() == BARRIER) {
            // a barrier completes every member's transfers before any member leaves it (their targets, members
            // themselves, are in the library from their arrival: progress adds nothing past the last arrival)
            for (Sequence m : g.members) {
                double landed = completions.latest(m.task, m.current);
                if (landed > release) release = landed;
                if (landed > m.arrival) completes = true; // false for NaN: none
            }
        }
        double rootArrival = Double.NaN;
        Sequence lastIn = g.members.get(0);
        for (Sequence m : g.members) {
            if (m.current.root() >= 0 && rankOf(m.task, set) == m.current.root()) rootArrival = m.arrival;
            if (m.arrival > lastIn.arrival) lastIn = m;
        }
        long lastEvent = lastIn.current.event(); // before the members are finished: each then moves to its next event
        double lastTraced = Double.NEGATIVE_INFINITY; // the last traced arrival
        for (Sequence m : g.members) lastTraced = Math.max(lastTraced, m.current.start());
        double leaves = Double.NaN; // where the last member goes on computing: its next library call
        boolean lastFirst = completions.sendersHold() && g.expected > 1;
        if (lastFirst) {
            double end = leave(lastIn, g, set, spans, completes, release, rootArrival, lastIn, lastEvent, lastTraced,
                    Double.NaN);
            double delay = completions.senderDelay(lastIn.task, -1, end); // known once it moved on
            if (delay > 0) leaves = end + delay;
        }
        for (Sequence m : g.members) {
            if (lastFirst && m == lastIn) continue;
            leave(m, g, set, spans, completes, release, rootArrival, lastIn, lastEvent, lastTraced, leaves);
        }
    }

    /**
     * Member m leaves the collective, no earlier than the collective's cost after sent (NaN: at once), when the last
     * member's messages left; its end.
     */
    private double leave(Sequence m, Gathering g, PeSet set, boolean spans, boolean completes, double release,
                         double rootArrival, Sequence lastIn, long lastEvent, double lastTraced, double sent)
            throws IOException, MergedFormatException {
        RunRecord mr = m.current;
        SyncCost cost = model.collective(new Collective(mr.type(), g.expected, rankOf(m.task, set), mr.root(),
                mr.bytes(), spans, mr.duration(), Collective.after(mr.start(), mr.duration(), lastTraced), completes,
                lastIn.arrival - lastIn.clock));
        double end = Math.max(release + cost.afterRelease(), m.arrival + cost.minimum());
        if (sent + cost.afterRelease() > end) end = sent + cost.afterRelease(); // false for NaN
        double waited = Math.min(g.last - m.arrival, end - m.arrival);
        reportWait(m, mr, g.last, rootArrival, end);
        if (waited > 0) replay.causedBy(m, lastIn.index, lastEvent);
        replay.finish(m, m.arrival, end, waited);
        return end;
    }

    /**
     * A broadcast: the root leaves after its own part, each other member once the data has come down from the
     * root (the model's cost after the root's arrival), whoever else is late. Members before the root wait for it.
     */
    private void broadcast(Sequence s, Gathering g, long key) throws IOException, MergedFormatException {
        RunRecord r = s.current;
        PeSet set = peSet(r.set());
        if (++g.arrived == g.expected) gatherings.remove(key);
        if (rankOf(s.task, set) != r.root()) {
            if (Double.isNaN(g.rootArrival)) g.members.add(s); // until the root comes
            else leaveBroadcast(s, g, set);
            return;
        }
        g.rootArrival = s.arrival;
        g.root = s;
        g.rootEvent = s.current.event();
        g.rootTracedStart = s.current.start();
        leaveBroadcast(s, g, set);
        for (Sequence m : g.members) leaveBroadcast(m, g, set);
        g.members.clear();
    }

    private void leaveBroadcast(Sequence m, Gathering g, PeSet set) throws IOException, MergedFormatException {
        RunRecord mr = m.current;
        SyncCost cost = model.collective(new Collective(mr.type(), g.expected, rankOf(m.task, set), mr.root(), mr.bytes(),
                spansNodes(mr.set(), set), mr.duration(), Collective.after(mr.start(), mr.duration(), g.rootTracedStart),
                false, 0));
        double end = Math.max(g.rootArrival + cost.afterRelease(), m.arrival + cost.minimum());
        double waited = Math.max(0, Math.min(g.rootArrival - m.arrival, end - m.arrival));
        if (waited > 0) {
            replay.waits.waited(WaitState.LATE_BROADCAST, mr, waited);
            replay.causedBy(m, g.root.index, g.rootEvent);
        }
        replay.finish(m, m.arrival, end, waited);
    }

    /** A member's wait at a collective, by pattern: for the last member, or (broadcast) for the root. */
    private void reportWait(Sequence m, RunRecord r, double lastArrival, double rootArrival, double end) {
        if (r.type() == BROADCAST) {
            if (!Double.isNaN(rootArrival) && rootArrival > m.arrival) {
                replay.waits.waited(WaitState.LATE_BROADCAST, r, Math.min(rootArrival, end) - m.arrival);
            }
            return;
        }
        double waited = Math.min(lastArrival - m.arrival, end - m.arrival);
        if (waited <= 0) return;
        replay.waits.waited(WaitState.atCollective(r.type()), r, waited);
    }

    @Override
    public String unfinished() {
        if (gatherings.isEmpty()) return null;
        Gathering g = gatherings.values().iterator().next();
        int arrived = Math.max(g.arrived, g.members.size());
        return "the trace's collectives do not match: " + gatherings.size() + " never complete, e.g. " + g.name
                + " instance: " + arrived + " of " + g.expected + " members arrived"
                + (g.members.isEmpty() ? "" : " (PE " + g.members.get(0).task + " first)");
    }

    private PeSet peSet(int setId) {
        return setId < file.peSets().size() ? file.peSets().get(setId) : null;
    }

    private static int rankOf(int task, PeSet set) {
        return set == null ? task : set.ordinal(task);
    }

    private int members(int setId) {
        if (setId == 0 || setId >= file.peSets().size()) return file.header().tasks();
        return file.peSets().get(setId).size();
    }

    private boolean spansNodes(int setId, PeSet set) {
        return setSpansNodes.computeIfAbsent(setId, id -> {
            int first = -1;
            for (int t = 0; t < file.header().tasks(); t++) {
                if (set != null && !set.contains(t)) continue;
                int node = target.nodeOfTask()[t];
                if (first < 0) first = node;
                else if (node != first) return true;
            }
            return false;
        });
    }
}
