package io.shmemtrace.merged.read;

import io.shmemtrace.merged.format.PsinsLayout;
import io.shmemtrace.merged.format.PsinsType;

/**
 * One record as read. The reader reuses one instance per task: copy what you keep. Fields of payloads the
 * record's type does not have are left as they were; check {@link #type()} first.
 */
public final class PsinsRecord {
    PsinsType type;
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
    int region = -1;
    int enclosing = -1;

    /** A copy that the reader will not overwrite. */
    public PsinsRecord copy() {
        PsinsRecord c = new PsinsRecord();
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

    /** Seconds as whole nanoseconds, the resolution the per-PE traces are read at. */
    public static long ns(double seconds) {
        return Math.round(seconds * 1e9);
    }

    public PsinsType type() { return type; }
    public int task() { return task; }
    public long event() { return event; }
    public boolean burst() { return type == PsinsType.BURST; }
    /** The traced function (null for bursts). */
    public CallEntry call() { return call; }
    public String name() { return call == null ? "burst" : call.name(); }
    public int thread() { return thread; }
    /** Aligned start, seconds since the merged time 0 (the task's barrier shift included); 0 for bursts. */
    public double start() { return start; }
    /** The CPU burst before this event, seconds (TaskReader.next; a burst record's duration in read()). */
    public double burstBefore() { return burstBefore; }
    /** Seconds: the call's duration, or the burst's length. */
    public double duration() { return duration; }
    public int target() { return target; }
    public long bytes() { return bytes; }
    /** REPEAT records: how many more times the call before it was made (a collapsed polling loop). */
    public long repeats() { return repeats; }
    public boolean nonblocking() { return (flags & PsinsLayout.RMA_NONBLOCKING) != 0; }
    public boolean deferred() { return (flags & PsinsLayout.RMA_DEFERRED) != 0; }
    public boolean onContext() { return (flags & PsinsLayout.RMA_CTX) != 0; }
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
