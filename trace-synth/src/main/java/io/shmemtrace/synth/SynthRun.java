package io.shmemtrace.synth;

import static io.shmemtrace.synth.SynthEvents.*;

import io.shmemtrace.format.Layout;
import io.shmemtrace.format.TraceNaming;
import io.shmemtrace.format.write.ThreadWriter;
import io.shmemtrace.format.write.TraceClock;
import io.shmemtrace.format.write.TraceInfo;
import io.shmemtrace.format.write.TraceWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.stream.IntStream;

/**
 * Writes a synthetic run: one trace per PE, as the tracer would write for an SPMD stencil-like loop. Every PE
 * makes the same calls in the same order, so its collectives match; the per-iteration pattern is
 *
 * <pre>
 *   putmem_nbi -&gt; right, putmem_nbi -&gt; left, long_get &lt;- left, quiet, long_p -&gt; right,
 *   long_atomic_fetch_add -&gt; PE 0, [broadcast64 every 4th], [long_sum_to_all every 8th],
 *   [set_lock + clear_lock every 16th], barrier_all
 * </pre>
 *
 * framed by init, my_pe, n_pes ... barrier_all, finalize, and cut so that each PE has exactly the asked number
 * of events. Times are deterministic, and such as a real run could have: each collective ends at the same true
 * instant on every PE (iteration k's barrier_all at {@link #ITERATION_NS} x (k + 1), its broadcast and reduction
 * at fixed points of the iteration, after the last PE arrives), and each PE's lock is its own (PEs that shared one
 * would have to take it in turn), so that a replay of the calls as traced reproduces the run; each host has its own
 * CLOCK_MONOTONIC origin and a CLOCK_REALTIME that is off by {@link #HOST_SKEW_NS} per host, so that time
 * alignment has work to do.
 */
public final class SynthRun {
    public static final long ITERATION_NS = 40_000;
    /** Where in an iteration its broadcast and its reduction end on every PE: past the last arrival (the steps before
     * them take about 5 us, jitter included), before the next step. */
    static final long BROADCAST_END_NS = 12_000, REDUCE_END_NS = 18_000;
    public static final long HOST_SKEW_NS = 25_000;
    /** Fewest events a PE can have: init, my_pe, n_pes, barrier_all, finalize. */
    public static final int MIN_EVENTS = 5;
    static final long REAL_EPOCH_NS = 1_795_000_000_000_000_000L;
    static final long ADDRESS = 0x7f3a_0000_0000L;
    static final long BUFFER_BYTES = 4096;

    private final int pes;
    private final long events;
    private final int hosts;
    private final int blockSize;
    private final String runId;

    public SynthRun(int pes, long events, int hosts, int blockSize, String runId) {
        if (pes < 1) throw new IllegalArgumentException("--pes must be at least 1");
        if (events < MIN_EVENTS) throw new IllegalArgumentException("--events must be at least " + MIN_EVENTS);
        if (hosts < 1 || hosts > pes) throw new IllegalArgumentException("--hosts must be between 1 and --pes");
        this.pes = pes;
        this.events = events;
        this.hosts = hosts;
        this.blockSize = blockSize;
        this.runId = runId;
    }

    /** Writes pe%05d.shmt for every PE into dir (which must exist), on all cores. */
    public void writeTo(Path dir) {
        IntStream.range(0, pes).parallel().forEach(pe -> {
            try {
                writePe(dir.resolve(TraceNaming.fileName(pe, TraceNaming.Layer.NATIVE)), pe);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The host a PE runs on: PEs are spread over hosts in blocks, as a launcher maps them by node. */
    int hostOf(int pe) {
        return (int) ((long) pe * hosts / pes);
    }

    private void writePe(Path file, int pe) throws IOException {
        int host = hostOf(pe);
        long monoOrigin = 1_000_000_000_000L + host * 7_300_000_123L;
        long start = (pe % 64) * 100L;
        PeTimeline t = new PeTimeline(pe, monoOrigin + start);
        TraceInfo info = new TraceInfo(pe, pes, 10_000 + pe, 1_000_000_000L, 0, Layout.CLOCK_MONOTONIC,
                monoOrigin + start, monoOrigin + start, REAL_EPOCH_NS + start + host * HOST_SKEW_NS, runId,
                "synth-node" + host);
        try (TraceWriter w = TraceWriter.create(file, info, TABLE, blockSize, t)) {
            t.write(w.thread(0, monoOrigin + start), events);
        }
    }

    /** The calls of one PE and their times (CLOCK_MONOTONIC ns of its host). */
    private final class PeTimeline implements TraceClock {
        private static final int STEPS = 10;
        private final int pe;
        private final long origin;
        private final int right;
        private final int left;
        private long now;
        private long written;
        private final long[] none = {};
        private final long[] put = new long[3];
        private final long[] p = new long[3];
        private final long[] get = new long[3];
        private final long[] fetchAdd = new long[2];
        private final long[] broadcast = new long[6];
        private final long[] reduce = new long[5];
        private final long[] lock = new long[1];

        PeTimeline(int pe, long initMono) {
            this.pe = pe;
            this.origin = initMono - (pe % 64) * 100L;
            this.right = (pe + 1) % pes;
            this.left = (pe + pes - 1) % pes;
            this.now = initMono;
            this.lock[0] = ADDRESS + 0x800 + 8L * pe; // its own: no PE waits for another's
        }

        void write(ThreadWriter out, long total) {
            call(out, INIT, 0, 2_000, none);
            call(out, MY_PE, 30, 20, none);
            call(out, N_PES, 30, 20, none);
            long budget = total - MIN_EVENTS;
            long k = 0;
            for (; budget > 0; k++) {
                for (int s = 0; s < STEPS && budget > 0; s++) {
                    int size = stepSize(k, s);
                    if (size > budget) {
                        budget = fill(out, budget);
                    } else {
                        step(out, k, s);
                        budget -= size;
                    }
                }
            }
            barrierAll(out, k);
            call(out, FINALIZE, 200, 2_800, none);
        }

        private long fill(ThreadWriter out, long budget) {
            for (; budget > 0; budget--) call(out, MY_PE, 30, 20, none);
            return 0;
        }

        /** Events of step s of iteration k (a lock pair is never cut in two). */
        private int stepSize(long k, int s) {
            return switch (s) {
                case 6 -> k % 4 == 3 ? 1 : 0;
                case 7 -> k % 8 == 7 ? 1 : 0;
                case 8 -> k % 16 == 15 ? 2 : 0;
                default -> 1;
            };
        }

        private void step(ThreadWriter out, long k, int s) {
            switch (s) {
                case 0 -> putNbi(out, right);
                case 1 -> putNbi(out, left);
                case 2 -> {
                    get[0] = left;
                    get[1] = 16;
                    get[2] = ADDRESS + 0x100;
                    call(out, LONG_GET, 150, 1_200, get);
                }
                case 3 -> call(out, QUIET, 40, 900, none);
                case 4 -> {
                    p[0] = right;
                    p[1] = ADDRESS + 0x200;
                    p[2] = k; // the value written: the iteration
                    call(out, LONG_P, 60, 150, p);
                }
                case 5 -> {
                    fetchAdd[0] = 0;
                    fetchAdd[1] = ADDRESS + 0x300;
                    call(out, FETCH_ADD, 80, 1_100, fetchAdd);
                }
                case 6 -> {
                    if (k % 4 != 3) return;
                    broadcast[0] = 8;
                    broadcast[1] = (k / 4) % pes;
                    broadcast[2] = ADDRESS + 0x400;
                    broadcast[3] = 0;
                    broadcast[4] = 0;
                    broadcast[5] = pes;
                    collective(out, BROADCAST64, 300, k, BROADCAST_END_NS, broadcast);
                }
                case 7 -> {
                    if (k % 8 != 7) return;
                    reduce[0] = 4;
                    reduce[1] = ADDRESS + 0x500;
                    reduce[2] = 0;
                    reduce[3] = 0;
                    reduce[4] = pes;
                    collective(out, LONG_SUM_TO_ALL, 300, k, REDUCE_END_NS, reduce);
                }
                case 8 -> {
                    if (k % 16 != 15) return;
                    call(out, SET_LOCK, 100, 1_500, lock);
                    call(out, CLEAR_LOCK, 500, 700, lock);
                }
                case 9 -> barrierAll(out, k);
                default -> throw new IllegalStateException("step " + s);
            }
        }

        private void putNbi(ThreadWriter out, int target) {
            put[0] = target;
            put[1] = BUFFER_BYTES;
            put[2] = ADDRESS;
            call(out, PUTMEM_NBI, 200, 300, put);
        }

        /** Every PE leaves a collective of iteration k at the same true instant, at endNs into the iteration. */
        private void collective(ThreadWriter out, int id, long burst, long k, long endNs, long[] fields) {
            long start = now + burst + jitter();
            emit(out, id, start, Math.max(start + 200, origin + ITERATION_NS * k + endNs), fields);
        }

        /** Every PE leaves the barrier of iteration k at the same true instant. */
        private void barrierAll(ThreadWriter out, long k) {
            long start = now + 100 + jitter();
            long end = Math.max(start + 200, origin + ITERATION_NS * (k + 1));
            emit(out, BARRIER_ALL, start, end, none);
        }

        private void call(ThreadWriter out, int id, long burst, long duration, long[] fields) {
            long start = now + burst + (written == 0 ? 0 : jitter());
            emit(out, id, start, start + duration, fields);
        }

        private void emit(ThreadWriter out, int id, long start, long end, long[] fields) {
            out.event(id, start, end, fields);
            now = end;
            written++;
        }

        /** Block headers and finalize read the timeline's own clock: ticks and CLOCK_MONOTONIC ns alike. */
        @Override
        public long ticks() {
            return now;
        }

        @Override
        public long monoNs() {
            return now;
        }

        /** 0..63 ns, a fixed function of (pe, event number): runs are reproducible. */
        private long jitter() {
            long h = (pe * 0x9E3779B97F4A7C15L) ^ (written * 0xC2B2AE3D27D4EB4FL);
            return (h ^ (h >>> 29)) & 63;
        }
    }
}
