package io.shmemtrace.merged.merge;

import io.shmemtrace.format.read.TraceEvent;
import java.util.HashMap;
import java.util.Map;

/**
 * The OpenSHMEM 1.5 teams of one PE, as PE sets of world PEs: each PE names its teams by handles of its own, so the
 * merge follows the team splits in the order the PE made them. A handle the trace never saw made is a predefined
 * team, taken as every PE (SHMEM_TEAM_WORLD; SHMEM_TEAM_SHARED is every PE too when the run is on one node).
 */
final class Teams {
    private final Collectives collectives;
    private final Map<Long, Collectives.PeSet> byHandle = new HashMap<>();

    Teams(Collectives collectives) {
        this.collectives = collectives;
    }

    /** A new PE: its handles mean nothing to the next one. */
    void beginTask() {
        byHandle.clear();
    }

    /** The set of a team handle. */
    Collectives.PeSet of(long handle) {
        Collectives.PeSet s = byHandle.get(handle);
        return s != null ? s : collectives.world();
    }

    /**
     * A split this PE made (a team_split event): split_strided gives one team of the parent's members start +
     * i x stride; split_2d cuts the parent in rows of xrange members (the x team is this PE's row, the y team its
     * column). A handle of 0 (SHMEM_TEAM_INVALID: not a member, or the split failed) is not recorded.
     */
    void split(TraceEvent e, Calls.Call call, int pe) {
        int[] teams = call.teamFields();
        if (teams.length < 2) return;
        Collectives.PeSet parent = of(e.value(teams[0]));
        if (call.peStartField() >= 0 && call.strideField() >= 0 && call.peSizeField() >= 0) {
            long start = e.value(call.peStartField()), stride = e.value(call.strideField()), size = e.value(call.peSizeField());
            define(e.value(teams[1]), parent.member((int) start), (long) parent.stride * stride, size);
        } else if (teams.length >= 3 && call.intField() >= 0) {
            int position = parent.ordinal(pe);
            long xrange = Math.min(Math.max(e.value(call.intField()), 1), Math.max(parent.size, 1));
            if (position < 0) return;
            long row = position / xrange, column = position % xrange;
            long rowStart = row * xrange;
            define(e.value(teams[1]), parent.member((int) rowStart), parent.stride, Math.min(xrange, parent.size - rowStart));
            define(e.value(teams[2]), parent.member((int) column), (long) parent.stride * xrange,
                    (parent.size - column + xrange - 1) / xrange);
        }
    }

    private void define(long handle, long start, long stride, long size) {
        if (handle == 0) return;
        boolean fits = start == (int) start && stride == (int) stride && size >= 0 && size == (int) size;
        byHandle.put(handle, fits ? collectives.set((int) start, (int) stride, (int) size) : collectives.set(0, 0, 0));
    }
}
