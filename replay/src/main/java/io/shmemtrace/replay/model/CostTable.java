package io.shmemtrace.replay.model;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.replay.machine.Machine;
import io.shmemtrace.replay.machine.MachineException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A machine's measured costs (its {@code Model table} lines, written by shmembench calibrate): per operation
 * ({@code put}, {@code put_nbi}, {@code iput}, {@code atomic}, {@code barrier_all}, ...) the seconds in the call
 * ({@code OP.call}) and to completion ({@code OP.complete}) by size, in a blocking put issued alone
 * ({@code OP.spaced}), how long a polled flag takes to be seen
 * ({@code wait.seen}), and the set size the collectives were measured at ({@code members}); the same keys behind
 * {@code static.} for calls on static symmetric data (globals), behind {@code self.} for calls a PE makes to
 * itself; the heap's stand in where those are absent.
 * Every lookup answers NaN where the machine was not measured.
 */
public final class CostTable {
    /** The key prefix of costs measured on static symmetric data (globals) rather than the heap. */
    public static final String STATIC = "static.";
    /** The key prefix of costs of calls a PE makes to itself. */
    public static final String SELF = "self.";
    /** The key of the set size the collectives were measured at, and that of a polled flag's one-way time. */
    public static final String MEMBERS = "members", SEEN = "wait.seen";
    /** How many times its bare time every PE computed before each barrier of calibrate's busy row (collective.tmpl). */
    public static final double BUSY_COMPUTATION = 10;
    /** The operations of a lock's rows ({@code lock_acquire.call}, {@code lock_release.call}): set_lock, clear_lock. */
    public static final String LOCK_ACQUIRE = "lock_acquire", LOCK_RELEASE = "lock_release";
    /**
     * The key that picks which of each sample's measurements the rows go through ({@code bound=low}: its low end,
     * {@code high}: its high end, {@code median}, the default): the ends of a prediction's interval.
     */
    public static final String BOUND = "bound";
    /**
     * The key that names the rows calibrate measured at two clearly different levels ({@code modes=KEY@BYTES,...}):
     * their high end is the slow mode, and a prediction's interval says it covers them.
     */
    public static final String MODES = "modes";

    /**
     * What a row of an operation's costs measured: the keys OP.call, OP.complete, OP.mutual, OP.spaced by size;
     * OP.posted, OP.drained by depth (the library's queue); a barrier's OP.completing (after a put) and OP.busy (after
     * every PE computed {@link #BUSY_COMPUTATION} times its bare time).
     */
    public enum Measured {
        CALL, COMPLETE, MUTUAL, SPACED, POSTED, DRAINED, MIXED_POSTED, MIXED_DRAINED, COMPLETING, BUSY;

        /** The key of operation op's row ({@code put_nbi.complete}); op as the event spec names operations. */
        public String key(String op) {
            return op + "." + name().toLowerCase(Locale.ROOT);
        }
    }

    /** The Model table lines of measured rows, as this class reads them: shmembench calibrate writes with it. */
    public static final class Writer {
        /** Per key, per size: median, low, high seconds. */
        private final Map<String, java.util.TreeMap<Long, double[]>> rows = new java.util.TreeMap<>();
        private final java.util.List<String> modes = new java.util.ArrayList<>();
        private final int members;

        /** The collectives measured on sets of members PEs. */
        public Writer(int members) {
            this.members = members;
        }

        /** One measurement: seconds at bytes, of the row key (a prefix, then {@link Measured#key} or {@link #SEEN}). */
        public Writer put(String key, long bytes, double seconds) {
            return put(key, bytes, seconds, seconds, seconds);
        }

        /** The same, measured repeatedly: the median seconds, and the low and high end of the measurements. */
        public Writer put(String key, long bytes, double seconds, double low, double high) {
            rows.computeIfAbsent(key, k -> new java.util.TreeMap<>()).put(bytes, new double[] {seconds, low, high});
            return this;
        }

        /** Marks the row of key at bytes as measured in two modes (its high end the slow one). */
        public Writer mode(String key, long bytes) {
            modes.add(key + "@" + bytes);
            return this;
        }

        public boolean isEmpty() {
            return rows.isEmpty();
        }

        /** The Model table lines, one per key: KEY=bytes:seconds,... (bytes:seconds:low:high where they differ) */
        public String lines() {
            StringBuilder b = new StringBuilder();
            b.append(String.format(Locale.ROOT, "Model %s %s=%d%n", io.shmemtrace.replay.machine.MachineFile.TABLE, MEMBERS, members));
            if (!modes.isEmpty()) {
                b.append(String.format(Locale.ROOT, "Model %s %s=%s%n", io.shmemtrace.replay.machine.MachineFile.TABLE, MODES,
                        String.join(",", modes)));
            }
            for (var e : rows.entrySet()) {
                b.append("Model ").append(io.shmemtrace.replay.machine.MachineFile.TABLE).append(' ').append(e.getKey()).append('=');
                String sep = "";
                for (var p : e.getValue().entrySet()) {
                    double[] v = p.getValue();
                    b.append(sep).append(p.getKey()).append(':').append(String.format(Locale.ROOT, "%.6g", v[0]));
                    if (v[1] != v[0] || v[2] != v[0]) b.append(String.format(Locale.ROOT, ":%.6g:%.6g", v[1], v[2]));
                    sep = ",";
                }
                b.append('\n');
            }
            return b.toString();
        }
    }

    private final Map<String, CostCurve> curves = new HashMap<>();
    /**
     * The curve each (type, measured, where) uses, looked up once when the table is read (the where-fallback to the
     * heap's row applied): a replay asks this for every call, and building and hashing a key string each time was
     * half the table model's time.
     */
    private final CostCurve[][][] byType = new CostCurve[RecordType.values().length][Measured.values().length][];
    private final CostCurve[] seenCurve = new CostCurve[Where.values().length];
    /** A lock's acquisition and release (calibrate's lock rows, measured on globals): [release?][homed at the caller?]. */
    private final CostCurve[][] lockCurves = new CostCurve[2][2];
    /** The same at a lock homed at the other PE while that PE takes one homed here (calibrate's mutual lock rows). */
    private final CostCurve[] mutualLockCurves = new CostCurve[2];
    /** Per (type, where), the library's queue where the calls queue there (queue), else null. */
    private final Queue[][] queues = new Queue[RecordType.values().length][Where.values().length];
    /** Per Where, the send queue's capacity ({@link #sendQueueCapacity}). */
    private final double[] sendQueueCapacity = new double[Where.values().length];
    private int members = 2;
    private boolean spread;
    private int modes;

    private CostTable() {}

    /** Which end of the measured spread a {@code bound=} key picks (none: the medians). */
    private static CostCurve.Bound bound(String source, String value) throws MachineException {
        if (value == null) return CostCurve.Bound.MEDIAN;
        for (CostCurve.Bound b : CostCurve.Bound.values()) if (b.name().equalsIgnoreCase(value)) return b;
        throw new MachineException(source + ": Model table " + BOUND + "=" + value + " is not low, median or high");
    }

    /** Machine m with its rows through the low (LOW) or high (HIGH) end of each sample's measurements. */
    public static Machine at(Machine m, CostCurve.Bound bound) {
        Map<String, String> rows = new HashMap<>(m.model(io.shmemtrace.replay.machine.MachineFile.TABLE));
        rows.put(BOUND, bound.name().toLowerCase(Locale.ROOT));
        return m.withModel(io.shmemtrace.replay.machine.MachineFile.TABLE, rows);
    }

    /** Whether some row of the machine file has a measured spread (bytes:seconds:low:high). */
    public boolean spread() {
        return spread;
    }

    /** How many rows calibrate measured in two modes ({@link #MODES}). */
    public int modes() {
        return modes;
    }

    /** Whether the machine file had no measured rows. */
    public boolean isEmpty() {
        return curves.isEmpty();
    }

    /** The table of m's Model table lines (empty without them); an error naming the file and key for a bad one. */
    public static CostTable of(Machine m) throws MachineException {
        CostTable t = new CostTable();
        Map<String, String> rows = m.model(io.shmemtrace.replay.machine.MachineFile.TABLE);
        CostCurve.Bound bound = bound(m.source(), rows.get(BOUND));
        for (Map.Entry<String, String> e : rows.entrySet()) {
            String where = m.source() + ": Model table " + e.getKey();
            if (e.getKey().equals(BOUND)) continue;
            if (e.getKey().equals(MODES)) {
                String[] named = e.getValue().split(",");
                for (String row : named) {
                    if (!row.matches("[a-z_.]+@[0-9]+")) throw new MachineException(where + ": '" + row + "' is not KEY@BYTES");
                }
                t.modes = named.length;
                continue;
            }
            if (e.getKey().equals(MEMBERS)) {
                try {
                    t.members = Integer.parseInt(e.getValue());
                } catch (NumberFormatException x) {
                    t.members = 0;
                }
                if (t.members < 2) throw new MachineException(where + "=" + e.getValue() + " is not a set size of 2 or more");
            } else {
                CostCurve c = CostCurve.parse(where, e.getValue());
                t.spread |= c.spread();
                t.curves.put(e.getKey(), c.at(bound));
            }
        }
        for (RecordType type : RecordType.values()) {
            for (Measured what : Measured.values()) {
                CostCurve[] w = new CostCurve[Where.values().length];
                for (Where where : Where.values()) w[where.ordinal()] = t.curve(key(type, what), where);
                t.byType[type.ordinal()][what.ordinal()] = w;
            }
        }
        for (Where where : Where.values()) t.seenCurve[where.ordinal()] = t.curve(SEEN, where);
        for (int release = 0; release < 2; release++) {
            String key = Measured.CALL.key(release == 1 ? LOCK_RELEASE : LOCK_ACQUIRE);
            for (int home = 0; home < 2; home++) t.lockCurves[release][home] = t.curve(key, home == 1 ? Where.SELF : Where.STATIC);
            t.mutualLockCurves[release] = t.curve(Measured.MUTUAL.key(release == 1 ? LOCK_RELEASE : LOCK_ACQUIRE), Where.STATIC);
        }
        for (RecordType type : RecordType.values()) {
            for (Where where : Where.values()) t.queues[type.ordinal()][where.ordinal()] = t.queueOf(type, where);
        }
        for (Where where : Where.values()) t.sendQueueCapacity[where.ordinal()] = t.capacityOf(where);
        return t;
    }

    /**
     * The curve of a key where the data is: the measurement of a call to the PE itself where it is one (self), else on
     * static data where it is on static data; the heap's where that was not measured; null where none was.
     */
    private CostCurve curve(String key, Where where) {
        CostCurve c = switch (where) {
            case SELF -> curves.get(SELF + key);
            case STATIC -> curves.get(STATIC + key);
            case HEAP -> null;
        };
        return c != null ? c : curves.get(key);
    }

    private double at(RecordType type, Measured what, long bytes, Where where) {
        CostCurve c = byType[type.ordinal()][what.ordinal()][where.ordinal()];
        return c == null ? Double.NaN : c.at(bytes);
    }

    /** Where a one-sided call's data is: another PE's heap or static data, or the caller's own memory. */
    public enum Where {
        HEAP, STATIC, SELF;

        public static Where of(Rma call) {
            return call.source() == call.target() ? SELF : call.staticData() ? STATIC : HEAP;
        }

        public static Where of(boolean staticData) {
            return staticData ? STATIC : HEAP;
        }
    }

    private static String key(RecordType type, Measured what) {
        return what.key(type.name().toLowerCase(Locale.ROOT));
    }

    /** Seconds in a one-sided call, or a quiet or fence (bytes 0), as a PE issuing them back to back pays. */
    public double call(RecordType type, long bytes) {
        return call(type, bytes, Where.HEAP);
    }

    /** The same, where the data is. */
    public double call(RecordType type, long bytes, Where where) {
        return at(type, Measured.CALL, bytes, where);
    }

    /** Seconds in a streamed call while the target streams the same back (more than call by serving one). */
    public double mutual(RecordType type, long bytes, Where where) {
        return at(type, Measured.MUTUAL, bytes, where);
    }

    /**
     * Seconds in a blocking put or non-fetching atomic issued alone, computation between it and the next long enough
     * for its transfer to have left (LogGP's o, where {@link #call} streamed is its g): what a program that computes
     * between its puts pays, on a link slower than the copy into the send queue.
     */
    public double spaced(RecordType type, long bytes, Where where) {
        return at(type, Measured.SPACED, bytes, where);
    }

    /**
     * How much of its link's time a PE's send queue holds before a blocking put waits for it (a socket's send
     * buffer, say), in seconds: a put alone returns after LogGP's o plus what of its own link time the queue cannot
     * hold, so the largest put measured spaced tells it, as its streamed cost less what it took alone beyond the
     * smallest's. From the rows of where the waiting call's data is (static data's where calibrate measured them: over
     * TCP a spaced put to the heap also waits for its target's next call, on a global it does not, and between two
     * hosts at 100 Mbit/s the heap's rows said 0 and the globals' 1.8 ms). 0 where the put was not measured spaced (a
     * blocking put then waits for every transfer before it).
     */
    public double sendQueueCapacity(Where where) {
        return sendQueueCapacity[where.ordinal()];
    }

    private double capacityOf(Where where) {
        CostCurve alone = byType[RecordType.PUT.ordinal()][Measured.SPACED.ordinal()][where.ordinal()];
        CostCurve streamed = byType[RecordType.PUT.ordinal()][Measured.CALL.ordinal()][where.ordinal()];
        if (alone == null || streamed == null) return 0;
        long largest = alone.largest();
        double blocked = alone.at(largest) - alone.at(alone.smallest());
        return Math.max(0, streamed.at(largest) - Math.max(0, blocked));
    }

    /**
     * The library's queue of a call that moves one element (calibrate's posted and drained rows, by depth): null where
     * not measured, or where the calls do not queue there. They queue where, at the deepest measured, the quiet after
     * them takes at least {@link Queue#QUEUED} of what posting and draining cost together: the posts returned before
     * their transfers were done. Decided per machine, type and place from its rows, never assumed.
     */
    public Queue queue(RecordType type, Where where) {
        return queues[type.ordinal()][where.ordinal()];
    }

    private Queue queueOf(RecordType type, Where where) {
        CostCurve posted = byType[type.ordinal()][Measured.POSTED.ordinal()][where.ordinal()];
        CostCurve drained = byType[type.ordinal()][Measured.DRAINED.ordinal()][where.ordinal()];
        if (posted == null || drained == null) return null;
        long deepest = Math.min(posted.largest(), drained.largest());
        double p = posted.at(deepest), d = drained.at(deepest);
        if (d < Queue.QUEUED * (p + d)) return null;
        CostCurve mixedPosted = byType[type.ordinal()][Measured.MIXED_POSTED.ordinal()][where.ordinal()];
        CostCurve mixedDrained = byType[type.ordinal()][Measured.MIXED_DRAINED.ordinal()][where.ordinal()];
        boolean mixed = mixedPosted != null && mixedDrained != null;
        return new Queue(posted, drained, mixed ? mixedPosted : null, mixed ? mixedDrained : null, deepest);
    }

    /**
     * Per call, what posting costs and what the quiet after drains, at the depth of the queue it joins (the deepest
     * measured past it: a rate per call, not extended), and by the share of the queue's calls that went to the PE
     * itself: the pure rows at none, the mixed rows (every other call to itself) at half or more, in between
     * linearly. Null mixed rows: calls to the PE itself do not join the queue.
     */
    public record Queue(CostCurve posted, CostCurve drained, CostCurve mixedPosted, CostCurve mixedDrained,
                        long deepest) {
        /** The share of a call's cost the drain must hold for the calls to count as queued. */
        public static final double QUEUED = 0.25;
        /** The share of calls to the PE itself in the mixed rows. */
        static final double MIXED_SHARE = 0.5;

        /** Seconds in the call, a post at this depth, selfShare of the queue's calls to the PE itself. */
        public double postAt(long depth, double selfShare) {
            return at(posted, mixedPosted, depth, selfShare);
        }

        /** Seconds the quiet after drains, per call, at this depth. */
        public double drainAt(long depth, double selfShare) {
            return at(drained, mixedDrained, depth, selfShare);
        }

        /** Whether calls to the PE itself join the queue while it holds calls (the mixed rows were measured). */
        public boolean takesSelfCalls() {
            return mixedPosted != null;
        }

        private double at(CostCurve pure, CostCurve mixed, long depth, double selfShare) {
            double alone = pure.at(Math.min(depth, deepest));
            if (mixed == null || selfShare <= 0) return alone;
            double withSelf = mixed.at(Math.min(depth, mixed.largest()));
            return alone + Math.min(1, selfShare / MIXED_SHARE) * (withSelf - alone);
        }
    }

    /** Seconds from a one-sided call's start until it is complete at the target. */
    public double complete(RecordType type, long bytes) {
        return complete(type, bytes, Where.HEAP);
    }

    /** The same, where the data is. */
    public double complete(RecordType type, long bytes, Where where) {
        return at(type, Measured.COMPLETE, bytes, where);
    }

    /**
     * Seconds from a write's start until a PE polling at the target sees it: a flag's one-way time plus what the
     * size adds to completion; its completion where the flag was not measured.
     */
    public double seen(RecordType type, long bytes, Where where) {
        double done = complete(type, bytes, where);
        CostCurve seenAt = seenCurve[where.ordinal()];
        double flag = seenAt == null ? Double.NaN : seenAt.at(8);
        if (Double.isNaN(flag)) return done;
        return Math.min(done, flag + Math.max(0, done - complete(type, 8, where)));
    }

    /**
     * What a barrier adds where it completes transfers: a put of 8 bytes followed by barrier_all (calibrate's
     * completing row, on globals where measured there) costs this much more than the same put's completion by a
     * quiet ({@link #complete}) and a bare barrier; 0 where not measured or not more. Open MPI over TCP between hosts:
     * 2.6-3.5 us, a third of heat1d's step (docs/shmemsim.md).
     */
    public double barrierCompleting() {
        double byBarrier = at(RecordType.BARRIER_ALL, Measured.COMPLETING, 8, Where.STATIC);
        double byQuiet = complete(RecordType.PUT, 8, Where.STATIC);
        double more = byBarrier - byQuiet;
        return more > 0 ? more : 0; // false for NaN: not measured
    }

    /**
     * A lock's acquisition (set_lock, a test_lock that took it) or release (clear_lock), uncontended: calibrate's lock
     * rows, measured on a global (a lock in the heap priced as one there), those of a lock homed at the PE itself where
     * this one is (homedHere). Where they were not measured, a fetching atomic's round trip to the lock word, wherever
     * it is homed.
     */
    public double lock(RecordType type, boolean staticData, boolean homedHere) {
        CostCurve measured = lockCurves[type == RecordType.CLEAR_LOCK ? 1 : 0][homedHere ? 1 : 0];
        return measured != null ? measured.at(8) : complete(RecordType.ATOMIC_FETCH, 8, Where.of(staticData));
    }

    /**
     * What a barrier costs more when the PE that arrived last computed for {@code computed} seconds before it than
     * looped back to back: calibrate's busy row (a barrier after every PE computed {@link #BUSY_COMPUTATION} times the
     * bare barrier, less the slowest PE's computation) less the bare barrier, reached linearly from no computation to
     * that much and flat past it; 0 where not measured or not more. Shared memory on an AMD EPYC VM: 1.6-2.5 us after
     * 14 us of computing against 1.3-1.8 bare; jacobi's barriers after 200 us of computing took 2.2-2.5 us there.
     */
    public double afterComputing(double computed) {
        double bare = call(RecordType.BARRIER_ALL, 0);
        double busy = at(RecordType.BARRIER_ALL, Measured.BUSY, 0, Where.HEAP);
        double more = busy - bare;
        if (!(more > 0) || !(computed > 0)) return 0; // NaN: not measured
        return more * Math.min(1, computed / (BUSY_COMPUTATION * bare));
    }

    /**
     * A lock's home PE's time to serve an acquisition or release by another PE: what calibrate's mutual lock row (each
     * of two PEs at a lock homed at the other, at once) costs more than the call alone; 0 where not measured or not
     * more.
     */
    public double lockService(RecordType type) {
        CostCurve mutual = mutualLockCurves[type == RecordType.CLEAR_LOCK ? 1 : 0];
        if (mutual == null) return 0;
        double more = mutual.at(8) - lock(type, true, false);
        return more > 0 ? more : 0;
    }

    /**
     * A collective of this type and size on a set of n PEs: the measured time (barriers and syncs by the barrier's,
     * collect by fcollect's, alltoalls by alltoall's), scaled from the measured set size by rounds (barrier,
     * broadcast, reduction) or partners (collect, all-to-all); a barrier or sync the last member came to after computing
     * for computed seconds costs more ({@link #afterComputing}).
     */
    public double collective(RecordType type, long bytes, int n, double computed) {
        RecordType measured = switch (type) {
            case BARRIER, SYNC_ALL, SYNC -> RecordType.BARRIER_ALL;
            case COLLECT -> RecordType.FCOLLECT;
            case ALLTOALLS -> RecordType.ALLTOALL;
            default -> type;
        };
        double scale = switch (measured) {
            case FCOLLECT, ALLTOALL -> (n - 1) / (double) (members - 1);
            default -> LogGP.log2Ceil(n) / (double) LogGP.log2Ceil(members);
        };
        double after = measured == RecordType.BARRIER_ALL ? afterComputing(computed) : 0;
        return (call(measured, bytes) + after) * scale;
    }
}
