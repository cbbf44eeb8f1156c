package io.shmemtrace.merged.merge;

import static io.shmemtrace.merged.format.PsinsLayout.*;

import io.shmemtrace.format.Leb128;
import io.shmemtrace.format.Operation;
import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.merged.format.PsinsType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Writes one PE's events as records (FORMAT.md, "Records"), a CPU burst before each, and keeps the PE's
 * bookkeeping as they stream by: which quiet completes which put, which clear_lock releases which set_lock,
 * the instance number of each collective, and per-call totals for RankPid.extended.
 */
final class TaskWriter implements Consumer<TraceEvent> {
    /** Deferred calls still waiting for the event that completes them: their link's file offset and event number. */
    private static final class Pending {
        long[] offsets = new long[64];
        long[] events = new long[64];
        int size;

        void add(long offset, long event) {
            if (size == offsets.length) {
                offsets = Arrays.copyOf(offsets, size * 2);
                events = Arrays.copyOf(events, size * 2);
            }
            offsets[size] = offset;
            events[size++] = event;
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
                lock = Arrays.copyOf(lock, size * 2);
                event = Arrays.copyOf(event, size * 2);
                partnerOffset = Arrays.copyOf(partnerOffset, size * 2);
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
    private final Calls callTable;
    private final Collectives collectives;
    private final Teams teams;
    private final Alignment alignment;
    private final Consumer<String> report;
    /** The run's call sites, or null when its traces have none (records then carry no site). */
    private final Sites sites;

    private int pe;
    private long offsetNs;
    private Calls.Call[] calls;
    private long events;
    private final Pending defaultContext = new Pending();
    private final Map<Long, Pending> contexts = new HashMap<>();
    private final HeldLocks locks = new HeldLocks();
    private int unpairedLocks;
    /** The output's array: records are encoded straight into it. */
    private final byte[] scratch;
    private boolean threaded;
    private int lastThread;
    private long lastEndNs;
    /** Per call index: its previous address and byte count in this task (deltas are small for loops). */
    private long[] lastAddress = new long[64];
    private long[] lastBytes = new long[64];
    private int lockLink = -1;
    private long heldLock;
    /** Forward links past a u16: (task, event, linked event), for the link table. */
    final java.util.List<long[]> farLinks = new java.util.ArrayList<>();
    /** The program's region names, run-wide. */
    final RegionNames regionNames = new RegionNames();
    long[] callCounts = new long[64];
    long[] callNs = new long[64];

    TaskWriter(MergedOutput out, Calls callTable, Collectives collectives, Alignment alignment, Sites sites,
               Consumer<String> report) {
        this.callTable = callTable;
        this.sites = sites;
        this.scratch = out.buf;
        this.out = out;
        this.collectives = collectives;
        this.teams = new Teams(collectives);
        this.alignment = alignment;
        this.report = report;
    }

    /**
     * Starts a task; calls: the file's cache of calls by event id ({@link Calls#cache}); threads: the thread
     * indexes that have events (each record names its thread unless all are 0).
     */
    void begin(int pe, Calls.Call[] calls, int[] threads) {
        this.pe = pe;
        this.threaded = threads.length > 1 || (threads.length == 1 && threads[0] != 0);
        this.lastThread = -1;
        this.lastEndNs = 0;
        // Per call, reused from task to task: they have room for every call numbered so far (firstUse grows them).
        Arrays.fill(lastAddress, 0);
        Arrays.fill(lastBytes, 0);
        Arrays.fill(callCounts, 0);
        Arrays.fill(callNs, 0);
        this.calls = calls;
        this.offsetNs = alignment.initOffsetNs(pe);
        this.events = 0;
        defaultContext.size = 0;
        contexts.clear();
        locks.size = 0;
        collectives.beginTask(pe);
        teams.beginTask();
    }

    /** The call of an event id not seen before in this file: numbered if the run had not called it yet. */
    private Calls.Call firstUse(TraceEvent e) {
        Calls.Call call = callTable.of(e.def());
        calls[e.def().id()] = call;
        int need = call.index() + 1;
        if (need > lastAddress.length) {
            int size = need * 2;
            lastAddress = Arrays.copyOf(lastAddress, size);
            lastBytes = Arrays.copyOf(lastBytes, size);
            callCounts = Arrays.copyOf(callCounts, size);
            callNs = Arrays.copyOf(callNs, size);
        }
        return call;
    }

    /** Whether the task's records name their thread (it has threads other than thread 0): for the index. */
    boolean threaded() {
        return threaded;
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
        if (call == null) call = firstUse(e);
        boolean repeat = e.repeats() > 0;
        PsinsType type = repeat ? PsinsType.REPEAT : call.type();
        int thread = e.thread();
        if (thread != lastThread) { // a task's threads come one after the other: times restart per thread
            lastThread = thread;
            lastEndNs = 0;
        }
        long startNs = offsetNs + e.startNs();
        long burstNs = e.burstNs();
        long durationNs = e.durationNs();
        // The start is the previous end plus the burst, but for rounding (per-PE times are clock units): the
        // difference is stored only where there is one, flagged in the head.
        long skew = startNs - lastEndNs - burstNs;
        int n = Leb128.putUnsigned(scratch, out.reserve(MAX_RECORD), (long) call.index() << 2 | (repeat ? 2 : 0) | (skew != 0 ? 1 : 0));
        if (threaded) n = Leb128.putUnsigned(scratch, n, thread);
        n = Leb128.putUnsigned(scratch, n, burstNs);
        if (skew != 0) n = Leb128.putUnsigned(scratch, n, Leb128.zigzag(skew));
        n = Leb128.putUnsigned(scratch, n, durationNs);
        if (sites != null) n = Leb128.putUnsigned(scratch, n, e.callsite() == 0 ? 0 : 1L + sites.of(e.callsite()));
        lastEndNs = startNs + durationNs;
        int link = -1; // where in the record a forward link goes, if it has one
        Pending linkTo = null;
        switch (type.payload()) {
            case RMA -> {
                long ctx = call.ctxField() < 0 ? 0 : e.value(call.ctxField());
                n = Leb128.putUnsigned(scratch, n, Leb128.zigzag((long) call.target(e) - pe));
                n = bytes(call, call.bytes(e), n);
                if (call.ctxField() >= 0) scratch[n++] = (byte) (ctx != 0 ? 1 : 0);
                if (call.deferred()) {
                    link = n;
                    n += 2;
                    linkTo = ctx == 0 ? defaultContext : contexts.computeIfAbsent(ctx, k -> new Pending());
                }
                n = address(e, call, n);
                if (call.signalField() >= 0) n = Leb128.putUnsigned(scratch, n, Leb128.zigzag(e.value(call.signalField())
                        - e.value(call.addressField())));
            }
            case QUIET -> n = Leb128.putUnsigned(scratch, n, complete(context(e, call)));
            case COLLECTIVE -> n = collective(e, call, n);
            case LOCK -> n = lock(e, call, type, n);
            case MEMORY -> {
                n = Leb128.putUnsigned(scratch, n, memoryBytes(e, call));
                n = address(e, call, n);
            }
            case REPEAT -> n = Leb128.putUnsigned(scratch, n, e.repeats());
            case REGION -> n = Leb128.putUnsigned(scratch, n, regionNames.of(e.regionName()));
            case SYNC -> {
                n = address(e, call, n);
                n = Leb128.putUnsigned(scratch, n, Leb128.zigzag(call.cmpField() < 0 ? -1 : e.value(call.cmpField())));
                n = Leb128.putUnsigned(scratch, n, Leb128.zigzag(call.valueField() < 0 ? 0 : e.value(call.valueField())));
                if (call.spanField() >= 0) n = Leb128.putUnsigned(scratch, n, e.value(call.spanField()));
            }
            default -> { }
        }
        if (link >= 0 || lockLink >= 0) { // zero now: patched when the linked event comes
            int at = link >= 0 ? link : lockLink;
            scratch[at] = 0;
            scratch[at + 1] = 0;
        }
        out.commit(n);
        if (link >= 0) linkTo.add(out.fileOffset(link), events);
        if (lockLink >= 0) locks.add(heldLock, events, out.fileOffset(lockLink));
        lockLink = -1;
        if (!repeat && call.completesOthers()) {
            complete(context(e, call));
        } else if (!repeat && call.operation() == Operation.FINALIZE) {
            complete(defaultContext);
            for (Pending p : contexts.values()) complete(p);
        }
        if (!repeat && call.operation() == Operation.TEAM_SPLIT) teams.split(e, call, pe);
        if (type == PsinsType.BARRIER_ALL && !alignment.sawFirstBarrier(pe)) alignment.firstBarrier(pe, offsetNs + e.endNs());
        callCounts[call.index()] += repeat ? e.repeats() : 1;
        callNs[call.index()] += repeat ? e.callsNs() : durationNs;
        events++;
    }

    /** The symmetric address, as a delta from the same call's previous one in this task. */
    private int address(TraceEvent e, Calls.Call call, int n) {
        long address = call.addressField() < 0 ? 0 : e.value(call.addressField());
        n = Leb128.putUnsigned(scratch, n, Leb128.zigzag(address - lastAddress[call.index()]));
        lastAddress[call.index()] = address;
        return n;
    }

    /** A byte count, as a delta from the same call's previous one. */
    private int bytes(Calls.Call call, long bytes, int n) {
        n = Leb128.putUnsigned(scratch, n, Leb128.zigzag(bytes - lastBytes[call.index()]));
        lastBytes[call.index()] = bytes;
        return n;
    }

    private Pending context(TraceEvent e, Calls.Call call) {
        long ctx = call.ctxField() < 0 ? 0 : e.value(call.ctxField());
        return ctx == 0 ? defaultContext : contexts.computeIfAbsent(ctx, k -> new Pending());
    }

    /** Links every pending call of p to the current event; returns how many there were. */
    private int complete(Pending p) throws IOException {
        int n = p.size;
        for (int i = 0; i < n; i++) link(p.offsets[i], p.events[i]);
        p.size = 0;
        return n;
    }

    /** Patches the forward link of event `from` (at fileOffset) to the current event. */
    private void link(long fileOffset, long from) throws IOException {
        long delta = events - from;
        if (delta >= FAR_LINK) farLinks.add(new long[] {pe, from, events});
        out.patchShort(fileOffset, (int) Math.min(delta, FAR_LINK));
    }

    private int collective(TraceEvent e, Calls.Call call, int n) {
        Collectives.PeSet set = call.teamFields().length > 0 ? teams.of(e.value(call.teamFields()[0]))
                : call.peStartField() < 0 ? collectives.world()
                : collectives.activeSet((int) e.value(call.peStartField()), (int) e.value(call.logStrideField()),
                        (int) e.value(call.peSizeField()));
        int root = call.rootField() < 0 ? -1 : (int) e.value(call.rootField());
        // Only what the call's arguments can vary (the call table's flags); the instance the reader counts itself.
        if (call.hasSet()) n = Leb128.putUnsigned(scratch, n, set.id);
        if (call.rootField() >= 0) n = Leb128.putUnsigned(scratch, n, Leb128.zigzag(root));
        if (call.elemSize() != 0) n = bytes(call, call.bytes(e), n);
        collectives.next(set, call.index(), root);
        return n;
    }

    /** A lock's address, its partner (acquire: a forward link to the release; release: back to the acquire), result. */
    private int lock(TraceEvent e, Calls.Call call, PsinsType type, int n) throws IOException {
        long lock = call.addressField() < 0 ? 0 : e.value(call.addressField());
        int result = call.resultField() < 0 ? -1 : (int) e.value(call.resultField());
        n = address(e, call, n);
        if (type == PsinsType.SET_LOCK || type == PsinsType.TEST_LOCK) {
            lockLink = n; // a test_lock that did not get it keeps 0: no partner
            heldLock = lock;
            n += 2;
            if (type == PsinsType.TEST_LOCK && result != 0) {
                scratch[lockLink] = 0;
                scratch[lockLink + 1] = 0;
                lockLink = -1;
            }
        } else {
            long back = 0;
            int held = locks.find(lock);
            if (held >= 0) {
                link(locks.partnerOffset[held], locks.event[held]);
                back = events - locks.event[held];
                locks.remove(held);
            } else {
                unpairedLocks++;
                report.accept("PE " + pe + ": event #" + events + " clears lock 0x" + Long.toHexString(lock)
                        + ", which it does not hold");
            }
            n = Leb128.putUnsigned(scratch, n, back);
        }
        return Leb128.putUnsigned(scratch, n, Leb128.zigzag(result));
    }

    /** Bytes asked for: the product of the size arguments (calloc: count x size), else count x element size. */
    private static long memoryBytes(TraceEvent e, Calls.Call call) {
        if (call.sizeFields().length == 0) return call.bytes(e);
        long bytes = 1;
        for (int f : call.sizeFields()) bytes *= e.value(f);
        return bytes;
    }
}
