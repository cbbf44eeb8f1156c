package io.shmemtrace.sim;

import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.Layout;
import io.shmemtrace.format.TraceNaming;
import io.shmemtrace.format.TraceState;
import io.shmemtrace.format.write.ThreadWriter;
import io.shmemtrace.format.write.TraceInfo;
import io.shmemtrace.format.write.TraceWriter;
import io.shmemtrace.spec.SpecEvents;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A run written event by event, with exact times: each PE's calls with the CPU burst before each and its
 * duration, in ns, on one host whose clocks all start at the same instant.
 */
final class SyntheticRun {
    private static final long ORIGIN = 1_000_000_000L;
    private static final EventTable TABLE = SpecEvents.subset("shmem_init", "shmem_finalize", "shmem_barrier_all",
            "shmem_putmem", "shmem_long_sum_to_all", "shmem_broadcast64", "shmem_set_lock", "shmem_clear_lock",
            "shmem_putmem_nbi", "shmem_quiet", "shmem_long_p", "shmem_long_wait_until", "shmem_malloc",
            "shmem_fence");

    private record Call(String name, long burstNs, long durationNs, long[] fields) {}

    private final List<List<Call>> pes = new ArrayList<>();

    SyntheticRun(int npes) {
        for (int i = 0; i < npes; i++) pes.add(new ArrayList<>());
    }

    SyntheticRun call(int pe, String name, long burstNs, long durationNs, long... fields) {
        pes.get(pe).add(new Call(name, burstNs, durationNs, fields));
        return this;
    }

    /** The same call on every PE. */
    SyntheticRun all(String name, long burstNs, long durationNs, long... fields) {
        for (int pe = 0; pe < pes.size(); pe++) call(pe, name, burstNs, durationNs, fields);
        return this;
    }

    Path writeTo(Path dir) throws IOException {
        for (int pe = 0; pe < pes.size(); pe++) {
            TraceInfo info = new TraceInfo(pe, pes.size(), 100 + pe, 1_000_000_000L, 0, Layout.CLOCK_MONOTONIC, ORIGIN,
                    ORIGIN, 1_700_000_000_000_000_000L, "synthetic", "node0");
            Path file = dir.resolve(TraceNaming.fileName(pe, TraceNaming.Layer.NATIVE));
            try (TraceWriter w = TraceWriter.create(file, info, TABLE, Layout.DEFAULT_BLOCK_SIZE)) {
                ThreadWriter t = w.thread(0, ORIGIN);
                long now = ORIGIN;
                for (Call c : pes.get(pe)) {
                    long start = now + c.burstNs();
                    now = start + c.durationNs();
                    t.event(TABLE.byName(c.name()).id(), start, now, c.fields());
                }
                w.close(TraceState.FINALIZED);
            }
        }
        return dir;
    }
}
