package io.shmemtrace.format.testing;

import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.Layout;
import io.shmemtrace.format.TraceNaming;
import io.shmemtrace.format.TraceState;
import io.shmemtrace.format.write.ThreadWriter;
import io.shmemtrace.format.write.TraceInfo;
import io.shmemtrace.format.write.TraceWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A run written event by event, with exact times: each PE's calls with the CPU burst before each and its
 * duration, in ns, on one host whose clocks all start at the same instant (or on hosts of their own, whose real-time
 * clocks disagree: {@link #onHost}); the calls named as in table (the tests take a subset of the spec's).
 */
public final class SyntheticRun {
    private static final long ORIGIN = 1_000_000_000L;
    private final EventTable table;

    /** A call of table's, or (region not null) a region record: begin (durationNs 0) or end (-1). */
    private record Call(String name, long burstNs, long durationNs, long[] fields, String region) {}

    private final List<List<Call>> pes = new ArrayList<>();
    /** Per PE: its host's name, and how far its host's CLOCK_REALTIME is ahead of the true time (ns). */
    private final String[] hosts;
    private final long[] realAheadNs;

    public SyntheticRun(int npes, EventTable table) {
        this.table = table;
        for (int i = 0; i < npes; i++) pes.add(new ArrayList<>());
        hosts = new String[npes];
        java.util.Arrays.fill(hosts, "node0");
        realAheadNs = new long[npes];
    }

    /** PE pe on host (not node0), whose CLOCK_REALTIME is aheadNs ahead of node0's: the merge must place it. */
    public SyntheticRun onHost(int pe, String host, long aheadNs) {
        hosts[pe] = host;
        realAheadNs[pe] = aheadNs;
        return this;
    }

    public SyntheticRun call(int pe, String name, long burstNs, long durationNs, long... fields) {
        pes.get(pe).add(new Call(name, burstNs, durationNs, fields, null));
        return this;
    }

    /** The program's region begins on pe after burstNs of computing (shmemtrace_region_begin). */
    public SyntheticRun begin(int pe, String region, long burstNs) {
        pes.get(pe).add(new Call(null, burstNs, 0, new long[0], region));
        return this;
    }

    /** The region ends on pe after burstNs of computing (shmemtrace_region_end). */
    public SyntheticRun end(int pe, String region, long burstNs) {
        pes.get(pe).add(new Call(null, burstNs, -1, new long[0], region));
        return this;
    }

    /** The same call on every PE. */
    public SyntheticRun all(String name, long burstNs, long durationNs, long... fields) {
        for (int pe = 0; pe < pes.size(); pe++) call(pe, name, burstNs, durationNs, fields);
        return this;
    }

    public Path writeTo(Path dir) throws IOException {
        // the region records' entries, as the native writer's table has them
        List<io.shmemtrace.format.EventDef> defs = new ArrayList<>(table.events());
        defs.addAll(List.of(io.shmemtrace.format.EventDef.REGION_BEGIN, io.shmemtrace.format.EventDef.REGION_END,
                io.shmemtrace.format.EventDef.MARK));
        EventTable table = pes.stream().flatMap(List::stream).anyMatch(c -> c.region() != null) ? new EventTable(defs)
                : this.table;
        for (int pe = 0; pe < pes.size(); pe++) {
            TraceInfo info = new TraceInfo(pe, pes.size(), 100 + pe, 1_000_000_000L, 0, Layout.CLOCK_MONOTONIC, ORIGIN,
                    ORIGIN, 1_700_000_000_000_000_000L + realAheadNs[pe], "synthetic", hosts[pe]);
            Path file = dir.resolve(TraceNaming.fileName(pe, TraceNaming.Layer.NATIVE));
            try (TraceWriter w = TraceWriter.create(file, info, table, Layout.DEFAULT_BLOCK_SIZE)) {
                ThreadWriter t = w.thread(0, ORIGIN);
                long now = ORIGIN;
                for (Call c : pes.get(pe)) {
                    if (c.region() != null) { // a record of no duration, of the region's name
                        now += c.burstNs();
                        int id = c.durationNs() == 0 ? Layout.REGION_BEGIN_EVENT_ID : Layout.REGION_END_EVENT_ID;
                        t.event(id, now, now, w.regionName(c.region()));
                        continue;
                    }
                    long start = now + c.burstNs();
                    now = start + c.durationNs();
                    t.event(table.byName(c.name()).id(), start, now, c.fields());
                }
                w.close(TraceState.FINALIZED);
            }
        }
        return dir;
    }
}
