package io.shmemtrace.merged.merge;

import static io.shmemtrace.merged.format.MergedLayout.*;

import io.shmemtrace.format.Leb128;
import io.shmemtrace.merged.format.RecordType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The merged file's records as bytes (FORMAT.md, "Records"): each record encoded straight into the output's
 * array, times and addresses as deltas from the task's previous ones, and forward links written as 0 and patched
 * when the bookkeeping says where they point (in the array while the record is still there, else in the file);
 * links too long for the record's u16 go to the link table.
 */
final class RecordEncoder implements RecordSink {
    private final MergedOutput out;
    /** The output's array: records are encoded straight into it. */
    private final byte[] scratch;
    private final boolean callsites;
    private int pe;
    private boolean threaded;
    private int lastThread;
    private long lastEndNs;
    /** Per call index: its previous address and byte count in this task (deltas are small for loops). */
    private long[] lastAddress = new long[64];
    private long[] lastBytes = new long[64];
    /** Forward links past a u16: (task, event, linked event), for the link table. */
    final List<long[]> farLinks = new ArrayList<>();

    /** callsites: the run has call sites (every record carries one). */
    RecordEncoder(MergedOutput out, boolean callsites) {
        this.out = out;
        this.scratch = out.buf;
        this.callsites = callsites;
    }

    @Override
    public void begin(int pe, boolean threaded) {
        this.pe = pe;
        this.threaded = threaded;
        this.lastThread = -1;
        this.lastEndNs = 0;
        Arrays.fill(lastAddress, 0);
        Arrays.fill(lastBytes, 0);
    }

    @Override
    public long write(MergedRecord r, long event) throws IOException {
        Calls.Call call = r.call;
        int index = call.index();
        if (index >= lastAddress.length) {
            lastAddress = Arrays.copyOf(lastAddress, 2 * (index + 1));
            lastBytes = Arrays.copyOf(lastBytes, 2 * (index + 1));
        }
        if (r.thread != lastThread) { // a task's threads come one after the other: times restart per thread
            lastThread = r.thread;
            lastEndNs = 0;
        }
        boolean repeat = r.type == RecordType.REPEAT;
        // The start is the previous end plus the burst, but for rounding (per-PE times are clock units): the
        // difference is stored only where there is one, flagged in the head.
        long skew = r.startNs - lastEndNs - r.burstNs;
        int n = Leb128.putUnsigned(scratch, out.reserve(MAX_RECORD), (long) index << 2 | (repeat ? 2 : 0) | (skew != 0 ? 1 : 0));
        if (threaded) n = Leb128.putUnsigned(scratch, n, r.thread);
        n = Leb128.putUnsigned(scratch, n, r.burstNs);
        if (skew != 0) n = Leb128.putUnsigned(scratch, n, Leb128.zigzag(skew));
        n = Leb128.putUnsigned(scratch, n, r.durationNs);
        if (callsites) n = Leb128.putUnsigned(scratch, n, r.site);
        lastEndNs = r.startNs + r.durationNs;
        int link = -1; // where in the record a forward link goes, if it has one
        switch (r.type.payload()) {
            case RMA -> {
                n = Leb128.putUnsigned(scratch, n, Leb128.zigzag((long) r.target - pe));
                n = bytes(index, r.bytes, n);
                if (call.ctxField() >= 0) scratch[n++] = (byte) (r.onContext ? 1 : 0);
                if (call.deferred()) {
                    link = n;
                    n += 2;
                }
                n = address(index, r.address, n);
                if (call.signalField() >= 0) n = Leb128.putUnsigned(scratch, n, Leb128.zigzag(r.signal - r.address));
            }
            case QUIET -> n = Leb128.putUnsigned(scratch, n, r.completed);
            case COLLECTIVE -> {
                // Only what the call's arguments can vary (the call table's flags); the instance the reader counts.
                if (call.hasSet()) n = Leb128.putUnsigned(scratch, n, r.set);
                if (call.rootField() >= 0) n = Leb128.putUnsigned(scratch, n, Leb128.zigzag(r.root));
                if (call.elemSize() != 0) n = bytes(index, r.bytes, n);
            }
            case LOCK -> {
                n = address(index, r.address, n);
                if (r.type == RecordType.SET_LOCK || r.type == RecordType.TEST_LOCK) {
                    link = n; // a test_lock that did not get it keeps 0: no partner
                    n += 2;
                } else {
                    n = Leb128.putUnsigned(scratch, n, r.back);
                }
                n = Leb128.putUnsigned(scratch, n, Leb128.zigzag(r.result));
            }
            case MEMORY -> {
                n = Leb128.putUnsigned(scratch, n, r.bytes);
                n = address(index, r.address, n);
            }
            case REPEAT -> n = Leb128.putUnsigned(scratch, n, r.repeats);
            case REGION -> n = Leb128.putUnsigned(scratch, n, r.regionName);
            case SYNC -> {
                n = address(index, r.address, n);
                n = Leb128.putUnsigned(scratch, n, Leb128.zigzag(r.cmp));
                n = Leb128.putUnsigned(scratch, n, Leb128.zigzag(r.value));
                if (call.spanField() >= 0) n = Leb128.putUnsigned(scratch, n, r.span);
            }
            default -> { }
        }
        if (link >= 0) { // zero now: patched when the linked event comes
            scratch[link] = 0;
            scratch[link + 1] = 0;
        }
        out.commit(n);
        return link >= 0 && r.forwardLink ? out.fileOffset(link) : -1;
    }

    @Override
    public void link(long where, long from, long to) throws IOException {
        long delta = to - from;
        if (delta >= FAR_LINK) farLinks.add(new long[] {pe, from, to});
        out.patchShort(where, (int) Math.min(delta, FAR_LINK));
    }

    /** The symmetric address, as a delta from the same call's previous one in this task. */
    private int address(int index, long address, int n) {
        n = Leb128.putUnsigned(scratch, n, Leb128.zigzag(address - lastAddress[index]));
        lastAddress[index] = address;
        return n;
    }

    /** A byte count, as a delta from the same call's previous one. */
    private int bytes(int index, long bytes, int n) {
        n = Leb128.putUnsigned(scratch, n, Leb128.zigzag(bytes - lastBytes[index]));
        lastBytes[index] = bytes;
        return n;
    }
}
