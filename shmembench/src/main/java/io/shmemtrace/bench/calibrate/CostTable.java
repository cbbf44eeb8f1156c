package io.shmemtrace.bench.calibrate;

import io.shmemtrace.bench.catalog.Catalog;
import io.shmemtrace.bench.generate.Timing;
import io.shmemtrace.bench.run.Row;
import io.shmemtrace.format.Completion;
import io.shmemtrace.replay.model.CostTable.Measured;
import java.util.Locale;
import java.util.Set;

/**
 * The measured rows themselves, per operation and size, for shmemsim's table model (Dimemas and LogGOPSim users
 * feed their simulators the same way): written as {@code Model table KEY=bytes:seconds,...} lines. Keys are the
 * operation (event-spec.xml's op, {@code _nbi} added for posted calls) and what was timed, each sample with the
 * low and high ends of its repeated measurements beside its median ({@code bytes:median:low:high}: past the fastest
 * and slowest tenth of them, the fastest and slowest of fewer than ten):
 * <ul>
 *   <li>{@code OP.call}: seconds in the call when a PE issues them back to back (blocking puts and non-fetching
 *       atomics streamed, _nbi posts, gets and fetching atomics as they return, a collective at the measured set
 *       size);
 *   <li>{@code OP.complete}: from the call's start until its data is in place (call + quiet less an empty quiet,
 *       _nbi full, gets as they return);
 *   <li>{@code OP.mutual}: in the call when both PEs stream at each other (blocking puts, non-fetching atomics);
 *   <li>{@code OP.spaced}: in the call when computation between calls lets each transfer leave first (the same);
 *   <li>{@code OP.posted} and {@code OP.drained}, by depth instead of size: per call, posting depth calls back to
 *       back while the other PE posts the same at this one, and the quiet after them (calls that move one element);
 *       {@code OP.mixed_posted} and {@code OP.mixed_drained} the same with every other call to the PE itself;
 *   <li>{@code barrier_all.completing}, at 8 bytes: from the start of a put of that size until a barrier_all after
 *       it ends, every PE putting to the next, less a bare barrier: the put completed by the barrier;
 *   <li>{@code wait.seen}: how long a put of a flag takes to be seen by a PE polling on it (half a ping-pong);
 *   <li>{@code lock_acquire.call} and {@code lock_release.call}: set_lock and the clear_lock after it, uncontended, on a
 *       lock homed at another PE; behind {@code self.} on one homed at the PE itself.
 * </ul>
 * and {@code members=N}, the set size the collectives were measured at. Costs measured on static symmetric data
 * (globals) instead of the heap have the same keys behind {@code static.}; those of calls a PE makes to itself
 * behind {@code self.}.
 */
public final class CostTable {
    /** The key prefix of the costs measured on static symmetric data (globals) rather than the heap. */
    public static final String STATIC = io.shmemtrace.replay.model.CostTable.STATIC;
    /** The key prefix of the costs of calls a PE makes to itself. */
    public static final String SELF = io.shmemtrace.replay.model.CostTable.SELF;
    private static final String LOCK_ACQUIRE = io.shmemtrace.replay.model.CostTable.LOCK_ACQUIRE;
    private static final String LOCK_RELEASE = io.shmemtrace.replay.model.CostTable.LOCK_RELEASE;

    private final Catalog catalog;
    private final io.shmemtrace.replay.model.CostTable.Writer rows;

    private CostTable(Catalog catalog, int members) {
        this.catalog = catalog;
        this.rows = new io.shmemtrace.replay.model.CostTable.Writer(members);
    }

    /** An empty table; the collectives measured on sets of members PEs. */
    public static CostTable of(Catalog catalog, int members) {
        return new CostTable(catalog, members);
    }

    /** Adds a calibration's rows, their keys prefixed (STATIC for static data); calls the catalog does not know are left out. */
    public CostTable add(Iterable<Row> rows, String prefix) {
        return add(rows, prefix, Set.of());
    }

    /** The same, modes the rows measured at two levels ({@link FasterOfTwo}): the machine file names them. */
    public CostTable add(Iterable<Row> rows, String prefix, Set<Row> modes) {
        for (Row r : rows) {
            var api = catalog.find(r.api());
            if (api.isEmpty()) continue;
            String op = prefix + api.get().operation().name().toLowerCase(Locale.ROOT)
                    + (api.get().completion() == Completion.POSTED ? "_nbi" : "");
            switch (r.variant()) {
                case "+quiet", "full" -> put(Measured.COMPLETE.key(op), r, modes);
                case "post", Timing.STREAM, "+barrier", "loop" -> put(Measured.CALL.key(op), r, modes);
                case Timing.MUTUAL -> put(Measured.MUTUAL.key(op), r, modes);
                case Timing.SPACED -> put(Measured.SPACED.key(op), r, modes);
                case "posted" -> put(Measured.POSTED.key(op), r, modes);
                case "drained" -> put(Measured.DRAINED.key(op), r, modes);
                case "mixed-posted" -> put(Measured.MIXED_POSTED.key(op), r, modes);
                case "mixed-drained" -> put(Measured.MIXED_DRAINED.key(op), r, modes);
                case "completing" -> put(Measured.COMPLETING.key(op), r, modes);
                case "busy-all" -> put(Measured.BUSY.key(op), r, modes);
                case "return" -> {
                    put(Measured.CALL.key(op), r, modes);
                    put(Measured.COMPLETE.key(op), r, modes);
                }
                case "rtt/2" -> put(prefix + io.shmemtrace.replay.model.CostTable.SEEN, r, modes);
                case "acquire" -> put(Measured.CALL.key(prefix + LOCK_ACQUIRE), r, modes);
                case "release" -> put(Measured.CALL.key(prefix + LOCK_RELEASE), r, modes);
                case "own-acquire" -> put(Measured.CALL.key(SELF + LOCK_ACQUIRE), r, modes);
                case "own-release" -> put(Measured.CALL.key(SELF + LOCK_RELEASE), r, modes);
                case "mutual-acquire" -> put(Measured.MUTUAL.key(prefix + LOCK_ACQUIRE), r, modes);
                case "mutual-release" -> put(Measured.MUTUAL.key(prefix + LOCK_RELEASE), r, modes);
                default -> { } // quiet (derived), overlap, busy-target, ack: not costs of a call
            }
        }
        return this;
    }

    /**
     * Row r's median, with its low and high ends (its samples past their fastest and slowest tenth): the spread a
     * prediction's interval comes from; at its size, or at its depth for the queue's rows.
     */
    private void put(String key, Row r, Set<Row> modes) {
        long at = r.depth() > 0 ? r.depth() : r.bytes();
        rows.put(key, at, r.medianUs() * 1e-6, Math.min(r.lowUs(), r.medianUs()) * 1e-6,
                Math.max(r.highUs(), r.medianUs()) * 1e-6);
        if (modes.contains(r)) rows.mode(key, at);
    }

    /** The rows, as the machine file's writer takes them. */
    public io.shmemtrace.replay.model.CostTable.Writer rows() {
        return rows;
    }
}
