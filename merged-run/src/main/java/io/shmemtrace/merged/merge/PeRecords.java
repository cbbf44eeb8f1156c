package io.shmemtrace.merged.merge;

import io.shmemtrace.format.Operation;
import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.merged.format.RecordType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One PE's events as merged records ({@link MergedRecord}, handed to a {@link RecordSink}), and the PE's
 * bookkeeping as they stream by: times on the aligned base, which quiet completes which put, which clear_lock
 * releases which set_lock (the sink is told where each forward link points once the linked event comes), the PE
 * sets of collectives, and per-call totals for RankPid.extended. No bytes: the sink encodes.
 */
final class PeRecords implements Consumer<TraceEvent> {
    /** Deferred calls still waiting for the event that completes them: where their link is, and their event. */
    private static final class Pending {
        long[] wheres = new long[64];
        long[] events = new long[64];
        int size;

        void add(long where, long event) {
            if (size == wheres.length) {
                wheres = Arrays.copyOf(wheres, size * 2);
                events = Arrays.copyOf(events, size * 2);
            }
            wheres[size] = where;
            events[size++] = event;
        }
    }

    /** Locks held: set_lock (or successful test_lock) events waiting for their clear_lock; a PE holds few. */
    private static final class HeldLocks {
        long[] lock = new long[8];
        long[] event = new long[8];
        long[] partnerLink = new long[8];
        int size;

        void add(long l, long e, long where) {
            if (size == lock.length) {
                lock = Arrays.copyOf(lock, size * 2);
                event = Arrays.copyOf(event, size * 2);
                partnerLink = Arrays.copyOf(partnerLink, size * 2);
            }
            lock[size] = l;
            event[size] = e;
            partnerLink[size++] = where;
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
            partnerLink[i] = partnerLink[size];
        }
    }

    private final RecordSink sink;
    private final Calls callTable;
    private final Collectives collectives;
    private final Teams teams;
    private final Alignment alignment;
    /** The current PE's host's clock drift against the reference host's (0: none). */
    private double drift;
    private final Consumer<String> report;
    /** The run's call sites, or null when its traces have none (records then carry no site). */
    private final Sites sites;
    private final MergedRecord record = new MergedRecord();

    private int pe;
    private long offsetNs;
    private Calls.Call[] calls;
    private long events;
    private final Pending defaultContext = new Pending();
    private final Map<Long, Pending> contexts = new HashMap<>();
    /** A PE's own count of its collectives per set, where the run's sets are numbered already (a second reading). */
    private final PeInstances ownInstances;
    private final HeldLocks locks = new HeldLocks();
    private int unpairedLocks;
    private boolean threaded;
    /** The program's region names, run-wide. */
    final RegionNames regionNames;
    long[] callCounts = new long[64];
    long[] callNs = new long[64];

    PeRecords(RecordSink sink, Calls callTable, Collectives collectives, Alignment alignment, Sites sites,
                Consumer<String> report) {
        this(sink, callTable, collectives, alignment, sites, report, new RegionNames(), null);
    }

    /**
     * ownInstances: null while the merge numbers the run's collectives (and checks they match); a PE's own count
     * when its trace is read again after the merge, the run's tables then complete (collectives are left alone).
     */
    PeRecords(RecordSink sink, Calls callTable, Collectives collectives, Alignment alignment, Sites sites,
                Consumer<String> report, RegionNames regionNames, PeInstances ownInstances) {
        this.sink = sink;
        this.regionNames = regionNames;
        this.ownInstances = ownInstances;
        this.callTable = callTable;
        this.sites = sites;
        this.collectives = collectives;
        this.teams = new Teams(collectives);
        this.alignment = alignment;
        this.report = report;
    }

    /**
     * Starts a task; calls: the file's cache of calls by event id ({@link Calls#cache}); threads: the thread
     * indexes that have events (each record names its thread unless all are 0).
     */
    void begin(int pe, Calls.Call[] calls, int[] threads) throws IOException {
        this.pe = pe;
        this.threaded = threads.length > 1 || (threads.length == 1 && threads[0] != 0);
        // Per call, reused from task to task: they have room for every call numbered so far (firstUse grows them).
        Arrays.fill(callCounts, 0);
        Arrays.fill(callNs, 0);
        this.calls = calls;
        this.offsetNs = alignment.initOffsetNs(pe);
        this.drift = alignment.drift(pe);
        this.events = 0;
        defaultContext.size = 0;
        contexts.clear();
        locks.size = 0;
        if (ownInstances == null) collectives.beginTask(pe);
        teams.beginTask();
        sink.begin(pe, threaded);
    }

    /** The call of an event id not seen before in this file: numbered if the run had not called it yet. */
    private Calls.Call firstUse(TraceEvent e) {
        Calls.Call call = callTable.of(e.def());
        calls[e.def().id()] = call;
        int need = call.index() + 1;
        if (need > callCounts.length) {
            callCounts = Arrays.copyOf(callCounts, need * 2);
            callNs = Arrays.copyOf(callNs, need * 2);
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
        if (ownInstances == null) collectives.endTask();
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
        RecordType type = repeat ? RecordType.REPEAT : call.type();
        MergedRecord r = record;
        r.call = call;
        r.type = type;
        r.thread = e.thread();
        if (drift == 0) {
            r.burstNs = e.burstNs();
            r.startNs = offsetNs + e.startNs();
            r.durationNs = e.durationNs();
        } else { // the host's clock drift corrected (Alignment)
            r.burstNs = Math.round(e.burstNs() * (1 + drift));
            r.startNs = alignment.corrected(pe, offsetNs + e.startNs());
            r.durationNs = Math.round(e.durationNs() * (1 + drift));
        }
        if (sites != null) r.site = e.callsite() == 0 ? 0 : 1L + sites.of(e.callsite());
        r.forwardLink = false;
        Pending linkTo = null; // the context whose completion the record's forward link waits for
        switch (type.payload()) {
            case RMA -> {
                long ctx = call.ctxField() < 0 ? 0 : e.value(call.ctxField());
                r.target = call.target(e);
                r.bytes = call.bytes(e);
                r.onContext = ctx != 0;
                if (call.deferred()) {
                    r.forwardLink = true;
                    linkTo = ctx == 0 ? defaultContext : contexts.computeIfAbsent(ctx, k -> new Pending());
                    r.group = linkTo.size == 0 ? events : linkTo.events[0];
                }
                r.address = address(e, call);
                if (call.signalField() >= 0) r.signal = e.value(call.signalField());
            }
            case QUIET -> r.completed = complete(context(e, call));
            case COLLECTIVE -> collective(e, call, r);
            case LOCK -> lock(e, call, type, r);
            case MEMORY -> {
                r.bytes = memoryBytes(e, call);
                r.address = address(e, call);
            }
            case REPEAT -> r.repeats = e.repeats();
            case REGION -> r.regionName = regionNames.of(e.regionName());
            case SYNC -> {
                r.address = address(e, call);
                r.cmp = call.cmpField() < 0 ? -1 : e.value(call.cmpField());
                r.value = call.valueField() < 0 ? 0 : e.value(call.valueField());
                if (call.spanField() >= 0) r.span = e.value(call.spanField());
            }
            default -> { }
        }
        long where = sink.write(r, events);
        if (linkTo != null) linkTo.add(where, events);
        else if (where >= 0) locks.add(r.address, events, where); // a lock taken
        if (!repeat && call.completesOthers()) {
            complete(context(e, call));
        } else if (!repeat && call.operation() == Operation.FINALIZE) {
            complete(defaultContext);
            for (Pending p : contexts.values()) complete(p);
        }
        if (!repeat && call.operation() == Operation.TEAM_SPLIT) teams.split(e, call, pe);
        if (type == RecordType.BARRIER_ALL && !alignment.sawFirstBarrier(pe)) alignment.firstBarrier(pe, offsetNs + e.endNs());
        callCounts[call.index()] += repeat ? e.repeats() : 1;
        callNs[call.index()] += repeat ? e.callsNs() : r.durationNs;
        events++;
    }

    private static long address(TraceEvent e, Calls.Call call) {
        return call.addressField() < 0 ? 0 : e.value(call.addressField());
    }

    private Pending context(TraceEvent e, Calls.Call call) {
        long ctx = call.ctxField() < 0 ? 0 : e.value(call.ctxField());
        return ctx == 0 ? defaultContext : contexts.computeIfAbsent(ctx, k -> new Pending());
    }

    /** Links every pending call of p to the current event; returns how many there were. */
    private int complete(Pending p) throws IOException {
        int n = p.size;
        for (int i = 0; i < n; i++) sink.link(p.wheres[i], p.events[i], events);
        p.size = 0;
        return n;
    }

    private void collective(TraceEvent e, Calls.Call call, MergedRecord r) {
        Collectives.PeSet set = call.teamFields().length > 0 ? teams.of(e.value(call.teamFields()[0]))
                : call.peStartField() < 0 ? collectives.world()
                : collectives.activeSet((int) e.value(call.peStartField()), (int) e.value(call.logStrideField()),
                        (int) e.value(call.peSizeField()));
        r.set = set.id;
        r.root = call.rootField() < 0 ? -1 : (int) e.value(call.rootField());
        if (call.elemSize() != 0) r.bytes = call.bytes(e);
        r.instance = ownInstances != null ? ownInstances.next(set.id) : collectives.next(set, call.index(), r.root);
    }

    /** A lock's address, its partner (acquire: a forward link to the release; release: back to the acquire), result. */
    private void lock(TraceEvent e, Calls.Call call, RecordType type, MergedRecord r) throws IOException {
        long lock = address(e, call);
        r.address = lock;
        r.result = call.resultField() < 0 ? -1 : (int) e.value(call.resultField());
        if (type == RecordType.SET_LOCK || type == RecordType.TEST_LOCK) {
            r.forwardLink = !(type == RecordType.TEST_LOCK && r.result != 0); // a test_lock that did not get it: none
            return;
        }
        long back = 0;
        int held = locks.find(lock);
        if (held >= 0) {
            sink.link(locks.partnerLink[held], locks.event[held], events);
            back = events - locks.event[held];
            locks.remove(held);
        } else {
            unpairedLocks++;
            report.accept("PE " + pe + ": event #" + events + " clears lock 0x" + Long.toHexString(lock)
                    + ", which it does not hold");
        }
        r.back = back;
    }

    /** Bytes asked for: the product of the size arguments (calloc: count x size), else count x element size. */
    private static long memoryBytes(TraceEvent e, Calls.Call call) {
        if (call.sizeFields().length == 0) return call.bytes(e);
        long bytes = 1;
        for (int f : call.sizeFields()) bytes *= e.value(f);
        return bytes;
    }
}
