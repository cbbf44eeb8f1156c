package io.shmemtrace.replay.engine;

import io.shmemtrace.format.OpenRegions;
import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.RunRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * The program's regions (shmemtrace.h) as replayed: per region name, how many times a task entered it and the time
 * from its begin to its end, traced and predicted, summed over tasks. Regions open and close per sequence as
 * {@link OpenRegions} says; one still open at the sequence's end closes at its last event.
 */
public final class RegionTimes {
    /** A region's figures: entries, and seconds from begin to end summed over them. */
    public record Region(String name, long entered, double traced, double predicted) {}

    private record Open(int name, double start, double tracedStart) {}

    private final List<String> names;
    private final long[] entered;
    private final double[] traced;
    private final double[] predicted;
    private final OpenRegions<Open>[] open;

    @SuppressWarnings("unchecked")
    RegionTimes(List<String> names, int sequences) {
        this.names = names;
        entered = new long[names.size()];
        traced = new double[names.size()];
        predicted = new double[names.size()];
        open = names.isEmpty() ? new OpenRegions[0] : new OpenRegions[sequences];
    }

    /** A region record r of sequence s, replayed at start (its duration is 0). */
    void record(Sequence s, RunRecord r, double start) {
        if (r.type() == RecordType.REGION_BEGIN) {
            if (open[s.index] == null) open[s.index] = new OpenRegions<>(Open::name);
            open[s.index].begin(new Open(r.region(), start, r.start()));
        } else if (r.type() == RecordType.REGION_END && open[s.index] != null) {
            Open o = open[s.index].end(r.region());
            if (o != null) close(o, start, r.start());
        }
    }

    private void close(Open o, double end, double tracedEnd) {
        entered[o.name()]++;
        predicted[o.name()] += Math.max(0, end - o.start());
        traced[o.name()] += Math.max(0, tracedEnd - o.tracedStart());
    }

    /** Closes what is still open at the sequences' last event ends (predicted, traced), then gives every region. */
    List<Region> finish(double[] lastEnd, double[] tracedLastEnd) {
        for (int i = 0; i < open.length; i++) {
            if (open[i] == null) continue;
            for (Open o : open[i].endAll()) close(o, lastEnd[i], tracedLastEnd[i]);
        }
        List<Region> list = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            if (entered[i] > 0) list.add(new Region(names.get(i), entered[i], traced[i], predicted[i]));
        }
        return list;
    }
}
