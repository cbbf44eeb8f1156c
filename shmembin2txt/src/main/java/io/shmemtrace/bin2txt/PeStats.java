package io.shmemtrace.bin2txt;

import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.Operation;
import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.UnrecordedCalls;
import java.util.List;
import java.util.TreeMap;

/**
 * What one PE (or the whole job, summed) did: per-function stats, time in SHMEM and in CPU bursts over the
 * whole trace, and the application window: from the end of shmem_init to the start of shmem_finalize (or,
 * without one, the end of the PE's last call, or a profile's exit), the program's own time as mpiP and IPM report it, with init and
 * finalize, the library's start-up and tear-down, apart.
 */
final class PeStats {
    final TreeMap<String, CallStats> byFunction = new TreeMap<>();
    /** The functions that start and end the trace (init, finalize): outside the application window. */
    final java.util.Set<String> bracketing = new java.util.TreeSet<>();
    /** The program's regions and marks (shmemtrace.h). */
    final RegionStats regions = new RegionStats();
    /** Per function, the calls counted but not recorded: paused, excluded (FORMAT.md, "Counts"). */
    final TreeMap<String, long[]> unrecorded = new TreeMap<>();
    long events;
    long shmemNs;
    long burstNs;
    long initNs;
    long finalizeNs;
    /** The PE's own window (summed: the PE-time of every PE's window). */
    long windowNs;
    /**
     * The run's window on the run's time base ({@link RunTimeBase}): from the last PE's end of shmem_init to the last
     * PE's start of shmem_finalize (the latest of each, over the PEs summed in). One definition everywhere: the
     * summary, the page and shmemsim (docs/glossary.md).
     */
    long runStartNs = Long.MIN_VALUE;
    long runEndNs = Long.MIN_VALUE;
    /** Time in calls other than init and finalize: what the window holds of SHMEM (thread-time: threads summed). */
    long windowShmemNs;
    /** The window times the PE's threads that made calls: the thread-time the window holds (windowNs for one). */
    long windowThreadNs;
    /** One PE's: its threads that made calls, and each one's time in SHMEM in the window (by thread index). */
    int threads;
    long[] threadShmemNs = new long[0];
    boolean finalized = true;
    /** Whether a window ends at a PE's exit (a profile without shmem_finalize), not at its last call. */
    boolean toExit;
    /** _nbi transfers: time in flight (post to completion), and of it the completing calls' own time. */
    long nbiInFlightNs, nbiExposedNs;
    /** The PE (-1 for a sum of several). */
    int pe = -1;
    /** PEs summed in (1 for one PE); max init and finalize of those. */
    int pes;
    long maxInitNs;
    long maxFinalizeNs;

    /** Per-event accumulation for one file, by event id: no map lookup per event. */
    static final class FileAccumulator {
        private CallStats[] byId = new CallStats[0];
        private EventDef[] defs = new EventDef[0];
        long events, shmemNs, burstNs, initNs, finalizeNs;
        private long[] threadShmemNs = new long[1];
        private boolean[] threadSeen = new boolean[1];
        long initEnd = Long.MIN_VALUE, finalizeStart = Long.MAX_VALUE, lastEnd = Long.MIN_VALUE;
        boolean toExit;
        /** Per thread, when its oldest _nbi transfer not completed yet was posted (Long.MIN_VALUE: none). */
        private long[] postedSince = {Long.MIN_VALUE};
        long nbiInFlightNs, nbiExposedNs;
        private final RegionStats.FileAccumulator regions = new RegionStats.FileAccumulator();

        void add(TraceEvent e) {
            EventDef def = e.def();
            regions.add(e);
            if (def.operation().isRegion()) { // not a call: the computing before it is still computing
                burstNs += e.burstNs();
                lastEnd = Math.max(lastEnd, e.endNs());
                return;
            }
            CallStats s = stats(def);
            long duration = e.callsNs();
            if (e.repeats() == 0) {
                s.add(duration, e.bytes());
            } else { // a polling loop collapsed: its calls, and the computing between them
                s.addRepeated(e.repeats(), duration, e.bytes() * e.repeats());
                burstNs += e.durationNs() - duration;
            }
            events += e.calls();
            shmemNs += duration;
            burstNs += e.burstNs();
            long end = e.endNs();
            lastEnd = Math.max(lastEnd, end);
            Operation op = def.operation();
            int thread = e.thread();
            thread(thread);
            overlap(thread, e, op);
            if (op != Operation.INIT && op != Operation.FINALIZE) threadShmemNs[thread] += duration;
            if (op == Operation.INIT) {
                initNs += duration;
                initEnd = Math.max(initEnd, end);
            } else if (op == Operation.FINALIZE) {
                finalizeNs += duration;
                finalizeStart = Math.min(finalizeStart, e.startNs());
            }
        }

        /**
         * A profile's entries (FORMAT.md, "Profiles"): calls and their time per function, regions and marks. The
         * profiled calls lie between the profile's few events, in what their bursts counted as computing: taken out.
         */
        void addProfile(io.shmemtrace.format.read.TraceFile file) {
            List<io.shmemtrace.format.read.ProfileEntry> entries = file.profile();
            io.shmemtrace.format.read.TraceHeader h = file.header();
            if (!entries.isEmpty() && h.state() != io.shmemtrace.format.TraceState.FINALIZED && h.finalTicks() != 0) {
                // no shmem_finalize: a profile's calls lie before the PE's end (its exit), not its last event (init)
                lastEnd = Math.max(lastEnd, file.time().toNs(h.finalTicks() >>> h.tickShift()));
                toExit = true;
            }
            long profiledNs = 0;
            for (io.shmemtrace.format.read.ProfileEntry p : entries) {
                Operation op = p.def().operation();
                if (op.isRegion()) {
                    regions.addProfiled(p);
                    continue;
                }
                stats(p.def()).add(p.calls(), p.totalNs(), p.minNs(), p.maxNs(), p.bytes());
                events += p.calls();
                profiledNs += p.totalNs();
                thread(p.thread());
                threadShmemNs[p.thread()] += p.totalNs();
            }
            shmemNs += profiledNs;
            burstNs = Math.max(0, burstNs - profiledNs);
        }

        /**
         * The _nbi transfers' overlap: from the first one posted to the end of the call that completes them, they
         * were in flight; the completing call's own time is what computation did not hide of them.
         */
        private void overlap(int thread, TraceEvent e, Operation op) {
            if (thread >= postedSince.length) {
                int from = postedSince.length;
                postedSince = java.util.Arrays.copyOf(postedSince, thread + 1);
                java.util.Arrays.fill(postedSince, from, postedSince.length, Long.MIN_VALUE);
            }
            long since = postedSince[thread];
            if (since != Long.MIN_VALUE && op.completesPending()) {
                nbiInFlightNs += Math.max(0, e.endNs() - since);
                nbiExposedNs += e.callsNs();
                postedSince[thread] = Long.MIN_VALUE;
            } else if (since == Long.MIN_VALUE && e.def().completion() == io.shmemtrace.format.Completion.POSTED) {
                postedSince[thread] = e.startNs();
            }
        }

        private CallStats stats(EventDef def) {
            int id = def.id();
            if (id >= byId.length) {
                byId = java.util.Arrays.copyOf(byId, id + 16);
                defs = java.util.Arrays.copyOf(defs, id + 16);
            }
            if (byId[id] == null) {
                byId[id] = new CallStats();
                defs[id] = def;
            }
            return byId[id];
        }

        private void thread(int thread) {
            if (thread >= threadSeen.length) {
                threadSeen = java.util.Arrays.copyOf(threadSeen, thread + 1);
                threadShmemNs = java.util.Arrays.copyOf(threadShmemNs, thread + 1);
            }
            threadSeen[thread] = true;
        }

        /** The file's figures as the stats of its PE, with the calls it counted without recording them. */
        /** clock: the file's times on the run's time base. */
        PeStats finish(int pe, List<UnrecordedCalls> unrecorded, io.shmemtrace.merged.merge.RunClock clock) {
            PeStats p = new PeStats();
            p.pe = pe;
            p.regions.add(regions.finish());
            for (UnrecordedCalls u : unrecorded) p.unrecorded.put(u.def().name(), new long[] {u.paused(), u.excluded()});
            for (int id = 0; id < byId.length; id++) {
                if (byId[id] == null) continue;
                p.byFunction.computeIfAbsent(defs[id].name(), k -> new CallStats()).add(byId[id]);
                Operation op = defs[id].operation();
                if (op == Operation.INIT || op == Operation.FINALIZE) p.bracketing.add(defs[id].name());
            }
            p.pes = 1;
            p.events = events;
            p.shmemNs = shmemNs;
            p.burstNs = burstNs;
            p.initNs = p.maxInitNs = initNs;
            p.finalizeNs = p.maxFinalizeNs = finalizeNs;
            p.finalized = finalizeStart != Long.MAX_VALUE;
            p.toExit = toExit && !p.finalized;
            p.nbiInFlightNs = nbiInFlightNs;
            p.nbiExposedNs = Math.min(nbiExposedNs, nbiInFlightNs);
            long start = initEnd == Long.MIN_VALUE ? 0 : initEnd;
            long end = p.finalized ? finalizeStart : lastEnd == Long.MIN_VALUE ? start : lastEnd;
            p.windowNs = Math.max(0, end - start);
            p.runStartNs = clock.at(start);
            p.runEndNs = clock.at(end);
            p.windowShmemNs = shmemNs - initNs - finalizeNs;
            for (boolean seen : threadSeen) if (seen) p.threads++;
            p.windowThreadNs = p.windowNs * Math.max(1, p.threads);
            p.threadShmemNs = threadShmemNs.clone();
            return p;
        }
    }

    void add(PeStats other) {
        other.byFunction.forEach((f, s) -> byFunction.computeIfAbsent(f, k -> new CallStats()).add(s));
        bracketing.addAll(other.bracketing);
        regions.add(other.regions);
        other.unrecorded.forEach((f, c) -> {
            long[] mine = unrecorded.computeIfAbsent(f, k -> new long[2]);
            mine[0] += c[0];
            mine[1] += c[1];
        });
        events += other.events;
        shmemNs += other.shmemNs;
        burstNs += other.burstNs;
        initNs += other.initNs;
        finalizeNs += other.finalizeNs;
        windowNs += other.windowNs;
        runStartNs = Math.max(runStartNs, other.runStartNs);
        runEndNs = Math.max(runEndNs, other.runEndNs);
        windowShmemNs += other.windowShmemNs;
        windowThreadNs += other.windowThreadNs;
        threads += other.threads;
        finalized &= other.finalized;
        toExit |= other.toExit;
        nbiInFlightNs += other.nbiInFlightNs;
        nbiExposedNs += other.nbiExposedNs;
        pes += other.pes;
        maxInitNs = Math.max(maxInitNs, other.maxInitNs);
        maxFinalizeNs = Math.max(maxFinalizeNs, other.maxFinalizeNs);
    }

    /** The run's window (see runStartNs): what "the application window" of a run means in every tool. */
    long runWindowNs() {
        return runStartNs == Long.MIN_VALUE ? 0 : Math.max(0, runEndNs - runStartNs);
    }

    /**
     * Time in SHMEM within the application window, as a share of the thread-time it holds (the window times the
     * threads that made calls): never above 100, however many threads wait in calls at once.
     */
    double windowShmemPercent() {
        return windowThreadNs == 0 ? 0.0 : Math.min(100.0, 100.0 * windowShmemNs / windowThreadNs);
    }
}
