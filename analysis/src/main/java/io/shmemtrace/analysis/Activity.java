package io.shmemtrace.analysis;

import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.RunRecord;

/**
 * What a PE did for a stretch of time, and where: computing (the CPU burst before a record), in a call (its own
 * time), or waiting in a call for another PE; in which region (-1: none) and at which call site (-1: not recorded).
 * call is the merged run's call-table index (-1 for computing).
 */
public record Activity(int pe, Kind kind, int call, int region, int site) {
    public enum Kind { COMPUTE, CALL, WAIT }

    /**
     * The activity without its PE as one long (kind 2 bits, call 22, region + 1 and site + 1 20 each): the key of
     * {@link LongDoubleMap}s, updated at every event without an object. Calls, regions and sites past those widths
     * share a key (the merge numbers far fewer).
     */
    public static long pack(Kind kind, int call, int region, int site) {
        return (long) kind.ordinal() << 62 | ((call + 1L) & 0x3FFFFF) << 40 | ((region + 1L) & 0xFFFFF) << 20
                | ((site + 1L) & 0xFFFFF);
    }

    /** The packed key of the burst before r. */
    public static long packComputeBefore(RunRecord r) {
        return pack(Kind.COMPUTE, -1, r.enclosingRegion(), -1);
    }

    /** The packed key of r's own time or wait. */
    public static long packIn(Kind kind, RunRecord r) {
        return pack(kind, r.call() == null ? -1 : r.call().index(), r.enclosingRegion(), r.site());
    }

    /** The activity of a packed key, on pe. */
    public static Activity unpack(int pe, long key) {
        return new Activity(pe, Kind.values()[(int) (key >>> 62)], (int) ((key >>> 40) & 0x3FFFFF) - 1,
                (int) ((key >>> 20) & 0xFFFFF) - 1, (int) (key & 0xFFFFF) - 1);
    }

    /** The same activity on another PE (to compare what two PEs did). */
    public Activity on(int otherPe) {
        return new Activity(otherPe, kind, call, region, site);
    }

    /** Whether r is a collective the replay gathers (the synchronisation points the causes of waits are sought between). */
    public static boolean synchronises(RunRecord r) {
        return r.type().payload() == RecordType.Payload.COLLECTIVE && !r.synchronisesNoOne();
    }
}
