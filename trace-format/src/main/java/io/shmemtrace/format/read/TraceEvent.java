package io.shmemtrace.format.read;

import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.FieldKind;

/**
 * One decoded event. The reader reuses one instance for all events of a file: copy what you keep.
 * Times are in the file's units; the *Ns methods convert them with the file's time base.
 */
public final class TraceEvent {
    int pe;
    int thread;
    long seq;
    EventDef def;
    long startUnits;
    long endUnits;
    long burstUnits;
    /** 0, or for a repeat record the number of further calls it stands for. */
    long repeats;
    /** For a repeat record: the time (units) inside the repeated calls. */
    long repeatCallsUnits;
    /** The return address of the call (0 when the trace has no call sites); a repeat's is its event's. */
    long callsite;
    final long[] values = new long[256];
    TimeBase time;
    EventTable table;
    PeTables tables;

    public int pe() { return pe; }
    public int thread() { return thread; }
    public long seq() { return seq; }
    public EventDef def() { return def; }
    public String name() { return def.name(); }
    public long startUnits() { return startUnits; }
    public long endUnits() { return endUnits; }
    public long burstUnits() { return burstUnits; }
    public long durationUnits() { return endUnits - startUnits; }
    public long startNs() { return time.toNs(startUnits); }
    public long endNs() { return time.toNs(endUnits); }
    public long durationNs() { return time.spanNs(endUnits - startUnits); }
    public long burstNs() { return time.spanNs(burstUnits); }

    /**
     * 0 for an ordinary event. For a repeat record (FORMAT.md, "Repeats"): how many more times the thread made
     * the call of the event before it, with the same fields and result; def() and the fields are that call's,
     * start and end span the repeated calls, and {@link #callsNs()} is the time inside them.
     */
    public long repeats() { return repeats; }

    /** The calls this event stands for: 1, or a repeat record's count. */
    public long calls() { return repeats == 0 ? 1 : repeats; }

    /** Time inside the call(s): the duration, or for a repeat record the repeated calls' own time. */
    public long callsNs() { return repeats == 0 ? durationNs() : time.spanNs(repeatCallsUnits); }

    /** The repeated calls' own time in units, as the repeat record holds it (0 if none). */
    public long repeatCallsUnits() { return repeats == 0 ? 0 : repeatCallsUnits; }

    /**
     * Where the program made the call: the return address into the caller, in the PE's address space (its
     * module map, {@link io.shmemtrace.format.sites.ModuleMap}, names it); 0 when the trace has no call sites.
     */
    public long callsite() { return callsite; }

    /**
     * A region record's name (a begin, an end, a mark: FORMAT.md, "Regions"); "#n" if the PE's names blocks lack
     * its number n; null for any other event.
     */
    public String regionName() {
        return def.operation().isRegion() ? tables.name(values[0]) : null;
    }

    /** The value of field i (table order); addresses already resolved from their deltas. */
    public long value(int i) {
        return values[i];
    }

    /** The first field of this kind, or the given default. */
    public long value(FieldKind kind, long absent) {
        int i = table.fieldIndex(def.id(), kind);
        return i < 0 ? absent : values[i];
    }

    /** The PE this call reads or writes, or -1. */
    public int targetPe() {
        return (int) value(FieldKind.TARGET_PE, -1);
    }

    /** Bytes moved: elem_size x NELEMS (x 1 without NELEMS); 0 for calls that move no data. */
    public long bytes() {
        long n = value(FieldKind.NELEMS, 1);
        long bytes = def.elemSize() * n;
        // A damaged count cannot make a negative or wrapped size: it saturates.
        return n < 0 || Math.multiplyHigh(def.elemSize(), n) != 0 || bytes < 0 ? Long.MAX_VALUE : bytes;
    }
}
