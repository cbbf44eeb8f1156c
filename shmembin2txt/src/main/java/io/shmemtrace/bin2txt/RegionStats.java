package io.shmemtrace.bin2txt;

import io.shmemtrace.format.OpenRegions;
import io.shmemtrace.format.Operation;
import io.shmemtrace.format.read.TraceEvent;
import java.util.TreeMap;

/**
 * The program's regions (shmemtrace.h; trace-format/FORMAT.md, "Regions"), per name: how many times one was
 * entered, the time from begin to end, and the time in SHMEM calls in between; and the marks, per name. Regions
 * open and close as {@link OpenRegions} says; one still open when its thread's events end closes at its last event.
 */
final class RegionStats {
    static final class Region {
        long count;
        long totalNs;
        long shmemNs;

        /** Time in SHMEM as a share of the region's time: at most 100 (calls lie within the region). */
        double shmemPercent() {
            return totalNs == 0 ? 0.0 : Math.min(100.0, 100.0 * shmemNs / totalNs);
        }
    }

    final TreeMap<String, Region> regions = new TreeMap<>();
    final TreeMap<String, Long> marks = new TreeMap<>();

    boolean isEmpty() {
        return regions.isEmpty() && marks.isEmpty();
    }

    void add(RegionStats other) {
        other.regions.forEach((name, r) -> {
            Region mine = regions.computeIfAbsent(name, n -> new Region());
            mine.count += r.count;
            mine.totalNs += r.totalNs;
            mine.shmemNs += r.shmemNs;
        });
        other.marks.forEach((name, n) -> marks.merge(name, n, Long::sum));
    }

    /** One file's regions; the reader hands out each thread's events in order, one thread after another. */
    static final class FileAccumulator {
        private record Open(String name, long beginNs, long shmemAtBegin) {}

        private final RegionStats stats = new RegionStats();
        private final OpenRegions<Open> open = new OpenRegions<>(Open::name);
        private int thread = -1;
        private long shmemNs;
        private long lastEndNs;

        /** Every event of the file, region records and calls. */
        void add(TraceEvent e) {
            if (e.thread() != thread) {
                closeAll();
                thread = e.thread();
                shmemNs = 0;
            }
            lastEndNs = e.endNs();
            Operation op = e.def().operation();
            if (!op.isRegion()) {
                shmemNs += e.callsNs();
                return;
            }
            String name = e.regionName();
            switch (op) {
                case REGION_BEGIN -> open.begin(new Open(name, e.startNs(), shmemNs));
                case REGION_END -> {
                    Open o = open.end(name);
                    if (o != null) close(o, e.startNs());
                }
                default -> stats.marks.merge(name, 1L, Long::sum);
            }
        }

        private void close(Open o, long endNs) {
            Region r = stats.regions.computeIfAbsent(o.name(), n -> new Region());
            r.count++;
            r.totalNs += Math.max(0, endNs - o.beginNs());
            r.shmemNs += shmemNs - o.shmemAtBegin();
        }

        private void closeAll() {
            for (Open o : open.endAll()) close(o, lastEndNs);
        }

        /** A profile's region entry (entered, time, time in SHMEM within) or mark entry. */
        void addProfiled(io.shmemtrace.format.read.ProfileEntry p) {
            if (p.def().operation() == Operation.MARK) {
                stats.marks.merge(p.region(), p.calls(), Long::sum);
                return;
            }
            Region r = stats.regions.computeIfAbsent(p.region(), n -> new Region());
            r.count += p.calls();
            r.totalNs += p.totalNs();
            r.shmemNs += p.innerNs();
        }

        RegionStats finish() {
            closeAll();
            return stats;
        }
    }
}
