package io.shmemtrace.merged.read;

import io.shmemtrace.merged.format.MergedLayout;
import io.shmemtrace.merged.format.RecordType;

/**
 * One record as read. The reader reuses one instance per task: copy what you keep. Fields of payloads the
 * record's type does not have are left as they were; check {@link #type()} first.
 */
public final class RunRecord {
    /** Seconds per ns (times are integer ns on the aligned base; the API keeps seconds). */
    private static final double NS = 1e-9;

    RecordType type;
    int task;
    /** Index of the SHMEM event within its task (bursts are not counted), or -1 for a burst. */
    long event;
    CallEntry call;
    int thread;
    /** The CPU burst before this event, seconds (a reader's next() gives it with the event). */
    double burstBefore;
    double start;
    double duration;
    int target;
    long bytes;
    int flags;
    int completion;
    int set;
    int root;
    int instance;
    long lock;
    int partner;
    int result;
    int completed;
    long repeats;
    long address;
    /** A put_signal's signal word (its target's address), else 0. */
    long signal;
    int cmp;
    long value;
    int site = -1;
    /** Set by {@link #makePosted} and {@link #moveToHeap}, cleared with every new event. */
    boolean madePosted;
    boolean movedToHeap;
    /** A completion key no event has: completed by the task's next call that completes transfers. */
    public static final int COMPLETED_BY_NEXT = Integer.MAX_VALUE;
    int region = -1;
    int enclosing = -1;

    /**
     * The keys of the deferred transfers this record completes, where its reader gives them as a list (a run
     * directory read task by task, {@link #completesKeys}); else the record's own event, as in a merged file, where
     * a deferred call's {@link #completion()} names the event that completes it. A count of -1 means the latter.
     */
    private long[] completesKeys;
    private int completesKeyCount = -1;

    /** A copy that the reader will not overwrite. */
    public RunRecord copy() {
        return copyTo(new RunRecord());
    }

    /** Copies this record into c (its completion keys too); returns c. */
    public RunRecord copyTo(RunRecord c) {
        if (completesKeyCount >= 0) c.completesKeys(completesKeys, completesKeyCount);
        else c.completesKeyCount = -1;
        c.type = type;
        c.task = task;
        c.event = event;
        c.call = call;
        c.thread = thread;
        c.burstBefore = burstBefore;
        c.start = start;
        c.duration = duration;
        c.target = target;
        c.bytes = bytes;
        c.flags = flags;
        c.madePosted = madePosted;
        c.movedToHeap = movedToHeap;
        c.completion = completion;
        c.set = set;
        c.root = root;
        c.instance = instance;
        c.lock = lock;
        c.partner = partner;
        c.result = result;
        c.completed = completed;
        c.repeats = repeats;
        c.signal = signal;
        c.address = address;
        c.cmp = cmp;
        c.value = value;
        c.site = site;
        c.region = region;
        c.enclosing = enclosing;
        return c;
    }

    /**
     * The keys of the transfers this record completes, where they are not its own event: keys[0, n) (copied), the
     * values {@link #completion()} gave the deferred calls.
     */
    public void completesKeys(long[] keys, int n) {
        if (completesKeys == null || completesKeys.length < n) completesKeys = new long[Math.max(4, n)];
        System.arraycopy(keys, 0, completesKeys, 0, n);
        completesKeyCount = n;
    }

    /** How many keys of deferred transfers this record completes (a completing call's: see {@link #completesKey}). */
    public int completesKeyCount() {
        return completesKeyCount < 0 ? 1 : completesKeyCount;
    }

    /** Key i of the deferred transfers this record completes: its own event, unless its reader gave a list. */
    public long completesKey(int i) {
        return completesKeyCount < 0 ? event : completesKeys[i];
    }

    /** An RMA record's flags (RMA_*): nonblocking (the _nbi calls), deferred (others completed later), on a context. */
    static int rmaFlags(RecordType type, boolean deferred, boolean onContext) {
        boolean nbi = type == RecordType.PUT_NBI || type == RecordType.GET_NBI || type == RecordType.PUT_SIGNAL_NBI;
        return (nbi ? MergedLayout.RMA_NONBLOCKING : 0) | (deferred && !nbi ? MergedLayout.RMA_DEFERRED : 0)
                | (onContext ? MergedLayout.RMA_CTX : 0);
    }

    // Setters for the sources of records: the file's reader and a run directory's merge handed straight to a
    // converter (merge.StreamedMerge), so that both fill a record alike. Forward links (a deferred call's completion, a
    // set_lock's partner) are not known yet in a merge in progress: -1 there (PeConverter says how completions
    // come instead).

    /**
     * What every record has (times in ns on the aligned base, and the task's barrier shift in seconds, as the index
     * keeps it; the API gives seconds, as v1 had them); clears what another payload leaves.
     */
    public RunRecord event(int task, long event, CallEntry call, RecordType type, int thread, long burstNs, long startNs,
                             double shiftSeconds, long durationNs, int site, int enclosing) {
        this.task = task;
        this.event = event;
        this.call = call;
        this.type = type;
        this.thread = thread;
        this.burstBefore = burstNs * NS;
        this.start = startNs * NS + shiftSeconds;
        this.duration = durationNs * NS;
        this.site = site;
        this.enclosing = enclosing;
        this.repeats = 0;
        this.madePosted = false;
        this.movedToHeap = false;
        this.address = 0;
        this.signal = 0;
        this.region = -1;
        this.completesKeyCount = -1;
        return this;
    }

    public RunRecord rma(int target, long bytes, boolean onContext, int completion, long address, long signal) {
        this.target = target;
        this.bytes = bytes;
        this.flags = rmaFlags(type, call.deferred(), onContext);
        this.completion = completion;
        this.address = address;
        this.signal = signal;
        return this;
    }

    public RunRecord quiet(int completed) {
        this.completed = completed;
        return this;
    }

    public RunRecord collective(int set, int root, long bytes, int instance) {
        this.set = set;
        this.root = root;
        this.bytes = bytes;
        this.instance = instance;
        return this;
    }

    public RunRecord lock(long lock, int partner, int result) {
        this.address = lock;
        this.lock = lock;
        this.partner = partner;
        this.result = result;
        return this;
    }

    public RunRecord memory(long bytes, long address) {
        this.bytes = bytes;
        this.address = address;
        return this;
    }

    public RunRecord sync(long address, int cmp, long value, long bytes) {
        this.address = address;
        this.cmp = cmp;
        this.value = value;
        this.bytes = bytes;
        return this;
    }

    /**
     * A what-if's change to a transfer or collective: it carries the bytes of the calls merged into it and costs, on the
     * traced times, duration (replay's MergedCalls).
     */
    public RunRecord carry(long bytes, double duration) {
        this.bytes = bytes;
        this.duration = duration;
        return this;
    }

    /**
     * A what-if's change to a blocking put or get: made its posted (_nbi) form, completed by the next call that completes
     * transfers ({@link #COMPLETED_BY_NEXT}); its duration stays the blocking call's (what a model of the traced times
     * takes for its transfer). False for a call with no posted form (strided, signals, atomics).
     */
    public boolean makePosted() {
        RecordType posted = switch (type) {
            case PUT, P -> RecordType.PUT_NBI;
            case GET, G -> RecordType.GET_NBI;
            default -> null;
        };
        if (posted == null) return false;
        if (type == RecordType.GET || type == RecordType.G) completion = COMPLETED_BY_NEXT; // a put's is already deferred
        type = posted;
        flags = rmaFlags(posted, false, onContext());
        madePosted = true;
        return true;
    }

    /** Whether a what-if made this blocking call posted ({@link #makePosted}). */
    public boolean madePosted() {
        return madePosted;
    }

    /**
     * A what-if's change to a transfer on static data (a global): its symmetric memory allocated on the symmetric heap
     * instead, priced as the machine prices the heap's.
     */
    public void moveToHeap() {
        movedToHeap = true;
    }

    /** Whether a what-if moved this call's symmetric memory to the heap ({@link #moveToHeap}). */
    public boolean movedToHeap() {
        return movedToHeap;
    }

    public RunRecord repeat(long repeats) {
        this.repeats = repeats;
        return this;
    }

    public RunRecord region(int name) {
        this.region = name;
        return this;
    }

    /** Seconds as whole nanoseconds, the resolution the per-PE traces are read at. */
    public static long ns(double seconds) {
        return Math.round(seconds * 1e9);
    }

    /**
     * A collective of no elements: a broadcast, fcollect, all-to-all or reduction whose count is 0 (every member
     * passes the same count) has nothing to wait for, and implementations return at once (SOS's did in every trace:
     * a member leaves before the others arrive). A collect's count is each member's own: one member's empty
     * contribution says nothing of the others'.
     */
    public boolean synchronisesNoOne() {
        return type.payload() == RecordType.Payload.COLLECTIVE && call.bytes() && bytes == 0 && type != RecordType.COLLECT;
    }

    public RecordType type() { return type; }
    public int task() { return task; }
    public long event() { return event; }
    public boolean burst() { return type == RecordType.BURST; }
    /** The traced function (null for bursts). */
    public CallEntry call() { return call; }
    public String name() { return call == null ? "burst" : call.name(); }
    public int thread() { return thread; }
    /** Aligned start, seconds since the merged time 0 (the task's barrier shift included); 0 for bursts. */
    public double start() { return start; }
    /** The CPU burst before this event, seconds (PeReader.next; a burst record's duration in read()). */
    public double burstBefore() { return burstBefore; }
    /** Seconds: the call's duration, or the burst's length. */
    public double duration() { return duration; }
    public int target() { return target; }
    public long bytes() { return bytes; }
    /** REPEAT records: how many more times the call before it was made (a collapsed polling loop). */
    public long repeats() { return repeats; }
    public boolean nonblocking() { return (flags & MergedLayout.RMA_NONBLOCKING) != 0; }
    public boolean deferred() { return (flags & MergedLayout.RMA_DEFERRED) != 0; }
    public boolean onContext() { return (flags & MergedLayout.RMA_CTX) != 0; }
    /** RMA: the event that completes this one (itself when complete on return), or -1 if none did. */
    public int completion() { return completion; }
    /** Collectives: PE-set id, root (-1 without), instance on the set. */
    public int set() { return set; }
    public int root() { return root; }
    public int instance() { return instance; }
    /** Locks: the lock's address, the paired set/clear event (-1 if none), test_lock's result (-1 if not). */
    public long lock() { return lock; }
    public int partner() { return partner; }
    public int result() { return result; }
    /** RMA, atomics, locks, waits and tests: the symmetric address (0 where the call names none). */
    public long address() { return address; }
    /** A put_signal's signal word on its target; 0 for every other record. */
    public long signal() { return signal; }
    /** Waits and tests: the compare operator (SHMEM_CMP_* value, -1 without) and the value compared with. */
    public int cmp() { return cmp; }
    public long value() { return value; }
    /** Where the program made the call: an index in the file's site table, -1 without call sites. */
    public int site() { return site; }
    /** Region records (REGION_BEGIN, REGION_END, MARK): the name's index in the file's name table; -1 otherwise. */
    public int region() { return region; }
    /** The innermost of the program's regions open when the record was made (a name index), -1 outside every one. */
    public int enclosingRegion() { return enclosing; }
    /** Quiet: how many earlier calls it completed. */
    public int completed() { return completed; }
}
