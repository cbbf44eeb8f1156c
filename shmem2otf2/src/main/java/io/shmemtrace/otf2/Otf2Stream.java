package io.shmemtrace.otf2;

import static io.shmemtrace.otf2.StreamEvent.*;

import io.shmemtrace.format.OpenRegions;
import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.CallEntry;
import io.shmemtrace.merged.read.PeSet;
import io.shmemtrace.merged.read.Host;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.merged.read.PeConverter;
import io.shmemtrace.io.Progress;
import io.shmemtrace.io.RowBuffer;
import io.shmemtrace.format.Leb128;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A merged run as the event stream the OTF2 writer program reads (otf2_writer.c has the syntax), recorded the
 * way Score-P records SHMEM: a region per traced function (Enter / Leave); RmaPut, RmaGet, RmaAtomic with the
 * target PE and bytes; RmaOpCompleteBlocking where a call completes on return, RmaOpCompleteRemote at the call
 * the merge linked a deferred put or _nbi call to (its quiet, barrier, ...); collectives as
 * RmaCollectiveBegin / End on their PE set's window, at the synchronisation level OpenSHMEM gives them (barriers
 * process and memory, syncs process only); locks as RmaAcquireLock / RmaTryLock / RmaReleaseLock on no particular
 * PE (Score-P's choice: a SHMEM lock has no home PE); a wait as RmaWaitChange when it returns; each PE's windows
 * created at its init (every PE's) or at its first collective on a set, and destroyed at its finalize; the
 * program's begin and end on each PE's main thread; a system-tree node per host. A collapsed polling loop becomes
 * its calls again, evenly spread over its span, so that the archive has every call. The program's regions
 * (shmemtrace.h) are user regions (paradigm USER, role CODE) entered and left at their records, a mark a region
 * entered and left at once; a region that ends while others opened after it are still open leaves them, ends, and
 * enters them again at the same instant (OTF2's regions nest), and what is open when a thread's events end is left
 * at its last event. Regions are numbered in the order the stream meets them (the traced functions' and the
 * program's alike), and defined after the events, when the tables are whole.
 * Timestamps: the merged time base in ns, plus PAD_NS so that none is negative.
 */
final class Otf2Stream implements PeConverter {
    /** Added to every merged time: a PE's init may start a few ns before merged time 0. */
    static final long PAD_NS = 1_000_000_000L;
    private static final long NO_ROOT = 0xFFFFFFFFL;
    // OTF2 enumerations (OTF2_Definitions.h, OTF2_Events.h)
    private static final int ROLE_FUNCTION = 1, ROLE_BARRIER = 15, ROLE_ONE2ALL = 23, ROLE_ALL2ALL = 25;
    private static final int OP_BARRIER = 0, OP_BCAST = 1, OP_ALLGATHER = 6, OP_ALLTOALL = 8, OP_ALLREDUCE = 11;
    private static final int SYNC_NONE = 0, SYNC_PROCESS = 1, SYNC_PROCESS_AND_MEMORY = 3;

    /** The longest event record: its code, the timestamp and six more values of up to 10 bytes each. */
    private static final int MAX_EVENT_RECORD = 1 + 7 * 10;

    /** The stream: definition lines in ASCII, then event records (binary, the bulk). */
    private final RowBuffer out;
    /** Where a progress bar goes, on a terminal (null: none); the bar, once the run's size is known. */
    private final PrintStream bars;
    private Progress bar;
    /** The timestamp of the event before on the current location: the next one is written as a difference. */
    private long lastTime;
    private final StringBuilder line = new StringBuilder(256);
    private int tasks;
    /** The archive's regions: traced functions and the program's regions, numbered as the stream meets them. */
    private final RegionRefs regions = new RegionRefs();
    /** Per call index, what kind of atomic it is (found at its first record). */
    private AtomicKind[] atomics = new AtomicKind[64];

    // The current task's state.
    /** Its deferred RMA calls not yet completed, in the order of their events: event and matching id. */
    private long[] pendingEvents = new long[64];
    private long[] pendingIds = new long[64];
    private int pending;
    /** Windows created on this PE, in order. */
    private final Set<Integer> windows = new LinkedHashSet<>();
    private long matching;
    private int thread;
    /** The main thread's last time: its program end. */
    private long mainEnd;
    private long threadEnd;

    Otf2Stream(RowBuffer out, PrintStream bars) {
        this.out = out;
        this.bars = bars;
    }

    /** Ends the progress bar's line, if one was drawn (once the stream is done or given up). */
    void endProgress() {
        if (bar != null) bar.done();
        bar = null;
    }

    /** The location of a PE's thread (and of its main thread as rank pe in the writer's group 0). */
    static long location(int pe, int thread) {
        return (long) pe << 16 | thread;
    }

    // The definitions the run has before its tasks go first; the tables, whole only after the last task (a merge
    // streamed here numbers calls and sets as it goes), follow the events: the writer keeps definitions to the end.
    @Override
    public void start(int tasks, long baseRealNs, String runId, List<Host> hosts) throws IOException {
        this.tasks = tasks;
        this.bar = new Progress(bars == null ? System.err : bars, bars != null, "shmem2otf2", tasks, "PEs");
        emit("T " + tasks + " " + Math.max(0, baseRealNs - PAD_NS) + " " + token(runId));
        for (int i = 0; i < hosts.size(); i++) {
            line.setLength(0);
            line.append("H ").append(i).append(' ').append(token(hosts.get(i).name()))
                    .append(' ').append(hosts.get(i).pes().length);
            for (int pe : hosts.get(i).pes()) line.append(' ').append(pe);
            emit(line.toString());
        }
    }

    @Override
    public void beginTask(int task) {
        pending = 0;
        windows.clear();
        matching = 0;
        thread = -1;
        mainEnd = -1;
        threadEnd = -1;
    }

    @Override
    public void record(RunRecord r, long[] completes, int n) throws IOException {
        int task = r.task();
        if (r.thread() != thread) {
            leaveAll(threadEnd);
            thread = r.thread();
            startLocation(task, thread);
        }
        long start = RunRecord.ns(r.start()) + PAD_NS;
        long end = start + RunRecord.ns(r.duration());
        threadEnd = Math.max(threadEnd, end);
        if (thread == 0) mainEnd = Math.max(mainEnd, end);
        if (r.type().payload() == RecordType.Payload.REGION) {
            userRegion(r.type(), regions.ofName(r.region()), start);
            return;
        }
        int region = regions.ofCall(r.call().index());
        if (r.type() == RecordType.REPEAT) {
            repeated(region, start, end, r.repeats());
            return;
        }
        if (r.type() == RecordType.INIT && thread == 0) event(PROGRAM_BEGIN, start);
        if (r.type() == RecordType.FINALIZE && thread == 0) {
            List<Integer> created = new ArrayList<>(windows);
            for (int i = created.size() - 1; i >= 0; i--) event(WINDOW_DESTROY, start, created.get(i));
            windows.clear();
        }
        if (r.type().payload() == RecordType.Payload.COLLECTIVE && windows.add(r.set())) event(WINDOW_CREATE, start, r.set());
        event(ENTER, start, region);
        switch (r.type().payload()) {
            case RMA -> {
                long id = matching++;
                rma(r, start, id, atomic(r.call()));
                if (!r.call().deferred()) event(COMPLETE_BLOCKING, end, id);
                else remember(r.event(), id);
            }
            case COLLECTIVE -> event(COLLECTIVE_BEGIN, start);
            case LOCK -> {
                if (r.type() == RecordType.CLEAR_LOCK) event(RELEASE_LOCK, start, r.lock());
                else if (r.type() == RecordType.SET_LOCK || r.result() == 0) event(ACQUIRE_LOCK, end, r.lock());
                else event(TRY_LOCK, end, r.lock()); // a test_lock that did not get it
            }
            case SYNC -> {
                if (r.type() == RecordType.WAIT) event(WAIT_CHANGE, end); // a wait returns on the change it waited for
            }
            default -> { }
        }
        if (n > 0) completed(completes, n, end);
        if (r.type().payload() == RecordType.Payload.COLLECTIVE) collectiveEnd(r, end);
        event(LEAVE, end, region);
        if (r.type() == RecordType.INIT && thread == 0 && windows.add(0)) event(WINDOW_CREATE, end, 0);
    }

    @Override
    public void endTask(int task) throws IOException {
        leaveAll(threadEnd);
        if (mainEnd >= 0) {
            startLocation(task, 0);
            for (int w : windows) event(WINDOW_DESTROY, mainEnd, w); // a PE that ended without finalize
            event(PROGRAM_END, mainEnd);
        }
        bar.update(task + 1, 0);
    }

    @Override
    public void finish(List<CallEntry> calls, List<String> regionNames, List<PeSet> peSets) throws IOException {
        for (CallEntry c : calls) regions.ofCall(c.index()); // a function only region records named: defined all the same
        for (int region = 0; region < regions.size(); region++) {
            int i = regions.index(region);
            if (regions.isName(region)) emit("U " + region + " " + token(regionNames.get(i)));
            else emit("R " + region + " " + role(calls.get(i).type()) + " " + token(calls.get(i).name()));
        }
        writeSets(peSets);
        out.flush();
    }

    private AtomicKind atomic(CallEntry call) {
        int i = call.index();
        if (i >= atomics.length) atomics = Arrays.copyOf(atomics, 2 * (i + 1));
        AtomicKind a = atomics[i];
        return a != null ? a : (atomics[i] = AtomicKind.of(call.name()));
    }

    /** A deferred RMA call waits for the record that completes it. */
    private void remember(long event, long id) {
        if (pending == pendingEvents.length) {
            compact();
            if (pending > pendingEvents.length / 2) {
                pendingEvents = Arrays.copyOf(pendingEvents, 2 * pending);
                pendingIds = Arrays.copyOf(pendingIds, 2 * pending);
            }
        }
        pendingEvents[pending] = event;
        pendingIds[pending++] = id;
    }

    /**
     * The calls completes[0, n) (ascending) complete remotely at end: each one's id, in that order. Each is found
     * by binary search (a PE may have thousands in flight on other contexts) and marked done (id -1), the done
     * ones dropped when the array is full.
     */
    private void completed(long[] completes, int n, long end) throws IOException {
        int from = 0;
        for (int c = 0; c < n; c++) {
            int i = Arrays.binarySearch(pendingEvents, from, pending, completes[c]);
            if (i < 0 || pendingIds[i] < 0) continue; // none of this task's deferred RMA calls in flight
            event(COMPLETE_REMOTE, end, pendingIds[i]);
            pendingIds[i] = -1;
            from = i + 1;
        }
        while (pending > 0 && pendingIds[pending - 1] < 0) pending--; // all done: the common case, nothing to keep
    }

    /** Drops the calls already completed. */
    private void compact() {
        int kept = 0;
        for (int i = 0; i < pending; i++) {
            if (pendingIds[i] < 0) continue;
            pendingEvents[kept] = pendingEvents[i];
            pendingIds[kept++] = pendingIds[i];
        }
        pending = kept;
    }

    /** The current thread's user regions entered and not left. */
    private final OpenRegions<Integer> open = new OpenRegions<>(region -> region);

    private void userRegion(RecordType type, int region, long at) throws IOException {
        switch (type) {
            case REGION_BEGIN -> {
                event(ENTER, at, region);
                open.begin(region);
            }
            case REGION_END -> {
                List<Integer> inside = open.inside(region);
                if (inside == null) return; // never entered (its begin was not traced)
                for (int inner : inside) event(LEAVE, at, inner);
                event(LEAVE, at, open.end(region));
                for (int i = inside.size() - 1; i >= 0; i--) event(ENTER, at, inside.get(i)); // still open: entered again
            }
            default -> { // a mark
                event(ENTER, at, region);
                event(LEAVE, at, region);
            }
        }
    }

    /** Leaves the current thread's open user regions at its last event's end. */
    private void leaveAll(long at) throws IOException {
        for (int region : open.endAll()) event(LEAVE, at, region);
    }

    private void writeSets(List<PeSet> peSets) throws IOException {
        boolean whole = false;
        for (PeSet s : peSets) {
            line.setLength(0);
            line.append("S ").append(s.id()).append(' ').append(s.size());
            for (int i = 0; i < s.size(); i++) line.append(' ').append(s.member(i));
            emit(line.toString());
            whole |= s.id() == 0;
        }
        if (!whole) { // window 0 carries the one-sided calls: every PE
            line.setLength(0);
            line.append("S 0 ").append(tasks);
            for (int pe = 0; pe < tasks; pe++) line.append(' ').append(pe);
            emit(line.toString());
        }
    }

    private void rma(RunRecord r, long start, long id, AtomicKind atomic) throws IOException {
        switch (r.type()) {
            case PUT, PUT_NBI, P, IPUT, PUT_SIGNAL, PUT_SIGNAL_NBI -> event(PUT, start, r.target(), r.bytes(), id); // the data; its signal is part of the put
            case GET, GET_NBI, G, IGET -> event(GET, start, r.target(), r.bytes(), id);
            default -> event(ATOMIC, start, r.target(), atomic.otf2Type, atomic.operands * r.bytes(),
                    atomic.fetches ? r.bytes() : 0, id);
        }
    }

    private void collectiveEnd(RunRecord r, long end) throws IOException {
        int op;
        int sync = SYNC_NONE;
        switch (r.type()) {
            case BARRIER_ALL, BARRIER -> { // a quiet, then the barrier: every PE's transfers complete
                op = OP_BARRIER;
                sync = SYNC_PROCESS_AND_MEMORY;
            }
            case SYNC_ALL, SYNC -> { // the barrier alone: transfers may still be in flight
                op = OP_BARRIER;
                sync = SYNC_PROCESS;
            }
            case BROADCAST -> op = OP_BCAST;
            case COLLECT, FCOLLECT -> op = OP_ALLGATHER;
            case ALLTOALL, ALLTOALLS -> op = OP_ALLTOALL;
            default -> op = OP_ALLREDUCE;
        }
        long root = r.type() == RecordType.BROADCAST && r.root() >= 0 ? r.root() : NO_ROOT;
        event(COLLECTIVE_END, end, op, sync, r.set(), root, r.bytes(), r.bytes());
    }

    /** A collapsed polling loop: its calls again, each a slice of the span. */
    private void repeated(int region, long start, long end, long calls) throws IOException {
        long span = Math.max(0, end - start);
        for (long i = 0; i < calls; i++) {
            event(ENTER, start + span * i / calls, region);
            event(LEAVE, start + span * (i + 1) / calls, region);
        }
    }

    private static int role(RecordType t) {
        return switch (t) {
            case BARRIER_ALL, BARRIER, SYNC_ALL, SYNC -> ROLE_BARRIER;
            case BROADCAST -> ROLE_ONE2ALL;
            default -> t.operation().movesDataCollectively() ? ROLE_ALL2ALL : ROLE_FUNCTION;
        };
    }

    /** An event record on the current location (StreamEvent has the layout): at the time, with its values. */
    private void event(StreamEvent kind, long time, long... values) throws IOException {
        byte[] b = out.array();
        int p = out.reserve(MAX_EVENT_RECORD);
        b[p++] = kind.code;
        p = Leb128.putUnsigned(b, p, Leb128.zigzag(time - lastTime));
        lastTime = time;
        for (long v : values) p = Leb128.putUnsigned(b, p, v);
        out.commit(p);
    }

    /** The events that follow are the location's (its first timestamp counts from 0). */
    private void startLocation(int pe, int thread) throws IOException {
        emit("L " + location(pe, thread) + " " + pe + " " + thread);
        lastTime = 0;
    }

    /**
     * A name as one token of the stream: its UTF-8 bytes, those other than letters, digits and _ . : @ + - / as %XX
     * (the writer's unescape), so that no name can split a line or a record.
     */
    static String token(String name) {
        StringBuilder b = new StringBuilder(name.length());
        for (byte x : name.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            int c = x & 0xFF;
            boolean plain = c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || "_.:@+-/".indexOf(c) >= 0;
            if (plain) b.append((char) c);
            else b.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                    .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
        }
        return b.toString();
    }

    /** A definition line (the run, hosts, regions, sets, locations): ASCII, names escaped by {@link #token}. */
    private void emit(String s) throws IOException {
        out.bytes(s.getBytes(StandardCharsets.US_ASCII));
        out.bytes(NEWLINE);
    }

    private static final byte[] NEWLINE = {'\n'};
}
