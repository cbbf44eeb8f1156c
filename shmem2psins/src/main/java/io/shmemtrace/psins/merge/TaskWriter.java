package io.shmemtrace.psins.merge;

import static io.shmemtrace.psins.format.PsinsLayout.*;

import io.shmemtrace.format.Operation;
import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.psins.format.PsinsType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Writes one PE's events as records (FORMAT.md, "Records"), a CPU burst before each, and keeps the PE's
 * bookkeeping as they stream by: which quiet completes which put, which clear_lock releases which set_lock,
 * the instance number of each collective, and per-call totals for RankPid.extended.
 */
final class TaskWriter implements Consumer<TraceEvent> {
    private static final double NS = 1e-9;

    /** File offsets of completion fields still waiting for the event that completes them. */
    private static final class Pending {
        long[] offsets = new long[64];
        int size;

        void add(long offset) {
            if (size == offsets.length) offsets = java.util.Arrays.copyOf(offsets, size * 2);
            offsets[size++] = offset;
        }
    }

    /** Locks held: set_lock (or successful test_lock) events waiting for their clear_lock; a PE holds few. */
    private static final class HeldLocks {
        long[] lock = new long[8];
        long[] event = new long[8];
        long[] partnerOffset = new long[8];
        int size;

        void add(long l, long e, long offset) {
            if (size == lock.length) {
                lock = java.util.Arrays.copyOf(lock, size * 2);
                event = java.util.Arrays.copyOf(event, size * 2);
                partnerOffset = java.util.Arrays.copyOf(partnerOffset, size * 2);
            }
            lock[size] = l;
            event[size] = e;
            partnerOffset[size++] = offset;
        }

        /** Index of the latest hold of lock l, or -1. */
        int find(long l) {
            for (int i = size - 1; i >= 0; i--) if (lock[i] == l) return i;
            return -1;
        }

        void remove(int i) {
            size--;
            lock[i] = lock[size];
            event[i] = event[size];
            partnerOffset[i] = partnerOffset[size];
        }
    }

    private final MergedOutput out;
    private final Collectives collectives;
    private final Alignment alignment;
    private final Consumer<String> report;

    private int pe;
    private long offsetNs;
    private Calls.Call[] calls;
    private long events;
    private final Pending defaultContext = new Pending();
    private final Map<Long, Pending> contexts = new HashMap<>();
    private final HeldLocks locks = new HeldLocks();
    private int unpairedLocks;
    long[] callCounts = new long[64];
    long[] callNs = new long[64];

    TaskWriter(MergedOutput out, Collectives collectives, Alignment alignment, Consumer<String> report) {
        this.out = out;
        this.collectives = collectives;
        this.alignment = alignment;
        this.report = report;
    }

    void begin(int pe, Calls.Call[] calls, int callCount) {
        this.pe = pe;
        this.calls = calls;
        this.offsetNs = alignment.initOffsetNs(pe);
        this.events = 0;
        defaultContext.size = 0;
        contexts.clear();
        locks.size = 0;
        if (callCounts.length < callCount) {
            callCounts = new long[callCount * 2];
            callNs = new long[callCount * 2];
        }
        java.util.Arrays.fill(callCounts, 0);
        java.util.Arrays.fill(callNs, 0);
        collectives.beginTask(pe);
    }

    /** Ends the PE: reports locks never released. Returns the number of its events. */
    long end() {
        for (int i = 0; i < locks.size; i++) {
            unpairedLocks++;
            report.accept("PE " + pe + ": lock 0x" + Long.toHexString(locks.lock[i]) + " taken by event #" + locks.event[i]
                    + " is never cleared");
        }
        collectives.endTask();
        return events;
    }

    int unpairedLocks() {
        return unpairedLocks;
    }

    @Override
    public void accept(TraceEvent e) {
        try {
            write(e);
        } catch (IOException x) {
            throw new UncheckedIOException(x);
        }
    }

    private void write(TraceEvent e) throws IOException {
        Calls.Call call = calls[e.def().id()];
        PsinsType type = e.repeats() > 0 ? PsinsType.REPEAT : call.type();
        ByteBuffer b = out.room(BURST_RECORD + MAX_RECORD);
        b.put((byte) PsinsType.BURST.id()).putInt(pe).putDouble(e.burstNs() * NS);
        b.put((byte) type.id()).putInt(pe).putShort((short) call.index()).putShort((short) e.thread());
        switch (type.payload()) {
            case RMA -> rma(b, e, call, type);
            case QUIET -> b.putInt(complete(context(e, call)));
            case COLLECTIVE -> collective(b, e, call, type);
            case LOCK -> lock(b, e, call, type);
            case MEMORY -> b.putLong(memoryBytes(e, call));
            case REPEAT -> b.putLong(e.repeats());
            default -> { }
        }
        Operation op = call.operation();
        if (op == Operation.FINALIZE) {
            complete(defaultContext);
            for (Pending p : contexts.values()) complete(p);
        } else if (op.completesPending() && op != Operation.QUIET) { // a quiet's count is in its payload
            complete(context(e, call));
        }
        long endNs = e.endNs();
        b.putDouble((offsetNs + e.startNs()) * NS).putDouble(e.durationNs() * NS);
        if (type == PsinsType.BARRIER_ALL) alignment.firstBarrier(pe, offsetNs + endNs);
        callCounts[call.index()]++;
        callNs[call.index()] += e.durationNs();
        events++;
    }

    private void rma(ByteBuffer b, TraceEvent e, Calls.Call call, PsinsType type) {
        boolean nbi = type == PsinsType.PUT_NBI || type == PsinsType.GET_NBI;
        long ctx = call.ctxField() < 0 ? 0 : e.value(call.ctxField());
        int flags = (nbi ? RMA_NONBLOCKING : 0) | (call.deferred() && !nbi ? RMA_DEFERRED : 0)
                | (ctx != 0 ? RMA_CTX : 0);
        b.putInt(e.targetPe()).putLong(e.bytes()).put((byte) flags);
        if (call.deferred()) {
            (ctx == 0 ? defaultContext : contexts.computeIfAbsent(ctx, k -> new Pending())).add(out.position());
            b.putInt(NO_EVENT);
        } else {
            b.putInt((int) events); // complete when the call returns
        }
    }

    private Pending context(TraceEvent e, Calls.Call call) {
        long ctx = call.ctxField() < 0 ? 0 : e.value(call.ctxField());
        return ctx == 0 ? defaultContext : contexts.computeIfAbsent(ctx, k -> new Pending());
    }

    /** Links every pending call of p to the current event; returns how many there were. */
    private int complete(Pending p) throws IOException {
        int n = p.size;
        for (int i = 0; i < n; i++) out.patchInt(p.offsets[i], (int) events);
        p.size = 0;
        return n;
    }

    private void collective(ByteBuffer b, TraceEvent e, Calls.Call call, PsinsType type) {
        Collectives.PeSet set = call.peStartField() < 0 ? collectives.world()
                : collectives.set((int) e.value(call.peStartField()), (int) e.value(call.logStrideField()),
                        (int) e.value(call.peSizeField()));
        int root = call.rootField() < 0 ? -1 : (int) e.value(call.rootField());
        b.putInt(set.id).putInt(root).putLong(e.bytes()).putInt(collectives.next(set, call.index(), root));
    }

    private void lock(ByteBuffer b, TraceEvent e, Calls.Call call, PsinsType type) throws IOException {
        long lock = call.addressField() < 0 ? 0 : e.value(call.addressField());
        int result = call.resultField() < 0 ? -1 : (int) e.value(call.resultField());
        b.putLong(lock);
        int partner = NO_EVENT;
        if (type == PsinsType.SET_LOCK || (type == PsinsType.TEST_LOCK && result == 0)) {
            locks.add(lock, events, out.position());
        } else if (type == PsinsType.CLEAR_LOCK) {
            int held = locks.find(lock);
            if (held >= 0) {
                out.patchInt(locks.partnerOffset[held], (int) events);
                partner = (int) locks.event[held];
                locks.remove(held);
            } else {
                unpairedLocks++;
                report.accept("PE " + pe + ": event #" + events + " clears lock 0x" + Long.toHexString(lock)
                        + ", which it does not hold");
            }
        }
        b.putInt(partner).putInt(result);
    }

    /** Bytes asked for: the product of the size arguments (calloc: count x size), else count x element size. */
    private static long memoryBytes(TraceEvent e, Calls.Call call) {
        if (call.sizeFields().length == 0) return e.bytes();
        long bytes = 1;
        for (int f : call.sizeFields()) bytes *= e.value(f);
        return bytes;
    }
}
