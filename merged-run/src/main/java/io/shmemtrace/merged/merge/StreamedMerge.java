package io.shmemtrace.merged.merge;

import static io.shmemtrace.merged.format.MergedLayout.NO_EVENT;

import io.shmemtrace.format.Escape;
import io.shmemtrace.format.sites.SiteKey;
import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.CallEntry;
import io.shmemtrace.merged.read.PeSet;
import io.shmemtrace.merged.read.RunRecord;
import io.shmemtrace.merged.read.RegionNesting;
import io.shmemtrace.merged.read.PeConverter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The sink that hands the merge's records to a {@link PeConverter} as they are made, as the file's reader
 * would give them (no bytes, no file). A record is held until the bookkeeping has said which deferred calls it
 * completes (it links them right after making it, or, for a quiet, just before), then handed over with them.
 */
final class StreamedMerge implements RecordSink {
    private final PeConverter converter;
    private final Calls calls;
    /** The read side's entry of each call, by index, made at its first record. */
    private CallEntry[] entries = new CallEntry[64];
    private final RunRecord record = new RunRecord();
    private boolean held;
    /** The deferred calls the held record completes; and those of the record being made (a quiet links them first). */
    private long[] completes = new long[16];
    private int completed;
    private long[] upcoming = new long[16];
    private int upcomingSize;
    private int pe;
    private int lastThread;
    private final RegionNesting regions = new RegionNesting();

    /** Per PE, ns its times are shifted by (the barrier step; 0 without): final before the first record. */
    private final long[] shiftsNs;
    private double shiftSeconds;

    /**
     * Whether a deferred call's completion is the key of its group (the first call pending on its context) and a
     * record's list holds the groups it completes, rather than every call: what a replay keys transfers by.
     */
    private final boolean groupKeys;

    StreamedMerge(PeConverter converter, Calls calls, long[] shiftsNs) {
        this(converter, calls, shiftsNs, false);
    }

    StreamedMerge(PeConverter converter, Calls calls, long[] shiftsNs, boolean groupKeys) {
        this.converter = converter;
        this.calls = calls;
        this.shiftsNs = shiftsNs;
        this.groupKeys = groupKeys;
    }

    @Override
    public void begin(int pe, boolean threaded) throws IOException {
        this.pe = pe;
        this.shiftSeconds = shiftsNs[pe] * 1e-9; // as the file's index keeps it
        this.lastThread = -1;
        this.upcomingSize = 0;
        converter.beginTask(pe);
    }

    @Override
    public long write(MergedRecord m, long event) throws IOException {
        hand();
        long[] swap = completes; // what was linked before this record was made is its own
        completes = upcoming;
        completed = upcomingSize;
        upcoming = swap;
        upcomingSize = 0;
        Calls.Call call = m.call;
        if (m.thread != lastThread) {
            lastThread = m.thread;
            regions.newThread();
        }
        RunRecord r = record.event(pe, event, entry(call), m.type, m.thread, m.burstNs, m.startNs, shiftSeconds,
                m.durationNs, (int) m.site - 1, regions.enclosing());
        // the token link() is given back: the event, whether it is a lock's (bit 0), whether it heads a group (bit 1)
        long link = -1;
        switch (m.type.payload()) {
            case RMA -> {
                int completion = !call.deferred() ? (int) event : groupKeys ? (int) m.group : NO_EVENT;
                r.rma(m.target, m.bytes, m.onContext, completion, m.address, m.type.signals() ? m.signal : 0);
                if (call.deferred()) link = event << 2 | (m.group == event ? 2 : 0);
            }
            case QUIET -> r.quiet((int) m.completed);
            case COLLECTIVE -> r.collective(m.set, call.rootField() >= 0 ? m.root : -1, call.elemSize() != 0 ? m.bytes : 0,
                    m.instance);
            case LOCK -> {
                boolean clear = m.type == RecordType.CLEAR_LOCK;
                r.lock(m.address, clear && m.back != 0 ? (int) (event - m.back) : NO_EVENT, (int) m.result);
                if (!clear && m.forwardLink) link = event << 2 | 1;
            }
            case MEMORY -> r.memory(m.bytes, m.address);
            case REPEAT -> r.repeat(m.repeats);
            case REGION -> r.region((int) m.regionName);
            case SYNC -> r.sync(m.address, (int) m.cmp, m.value, call.spanField() >= 0 ? m.span : 0);
            default -> { }
        }
        regions.after(m.type, r.region());
        held = true;
        return link;
    }

    @Override
    public void link(long where, long from, long to) {
        if ((where & 1) != 0) return; // a set_lock's partner: converters read locks as they come
        if (groupKeys && (where & 2) == 0) return; // its group's first call stands for it
        if (held && to == record.event()) { // linked right after it was made (a barrier, finalize, ...)
            if (completed == completes.length) completes = Arrays.copyOf(completes, 2 * completed);
            completes[completed++] = from;
        } else { // the record about to be made (a quiet: its count of completed calls is part of it)
            if (upcomingSize == upcoming.length) upcoming = Arrays.copyOf(upcoming, 2 * upcomingSize);
            upcoming[upcomingSize++] = from;
        }
    }

    @Override
    public void end() throws IOException {
        hand();
        converter.endTask(pe);
    }

    /** The held record to the converter, with the calls it completes in the order of their events. */
    private void hand() throws IOException {
        if (!held) return;
        held = false;
        // Each context's calls come in order; finalize completes every context's, one after another.
        for (int i = 1; i < completed; i++) {
            if (completes[i] < completes[i - 1]) {
                Arrays.sort(completes, 0, completed);
                break;
            }
        }
        converter.record(record, completes, completed);
        completed = 0;
    }

    /** Once every task is done: the tables as the merged file's reader gives them (sites: null without call sites). */
    void finish(List<String> regionNames, List<Collectives.PeSet> sets, Sites sites) throws IOException {
        if (sites != null) {
            List<SiteKey> keys = new ArrayList<>();
            Map<String, String> buildIds = new HashMap<>();
            for (SiteKey site : sites.all()) { // as the file's site table keeps them
                SiteKey key = new SiteKey(Escape.text(site.module()), site.offset());
                keys.add(key);
                if (key.known()) buildIds.putIfAbsent(key.module(), Escape.text(sites.buildId(site.module())));
            }
            converter.callSites(keys, buildIds);
        }
        List<CallEntry> table = new ArrayList<>();
        for (Calls.Call c : calls.all()) table.add(entry(c));
        List<PeSet> peSets = new ArrayList<>();
        for (Collectives.PeSet s : sets) peSets.add(new PeSet(s.id, s.start, s.stride, s.size));
        converter.finish(table, regionNames.stream().map(Escape::text).toList(), peSets);
    }

    private CallEntry entry(Calls.Call call) {
        int i = call.index();
        if (i >= entries.length) entries = Arrays.copyOf(entries, 2 * (i + 1));
        CallEntry e = entries[i];
        if (e == null) e = entries[i] = CallEntry.of(i, Escape.text(call.name()), call.type(), call.tableFlags());
        return e;
    }
}
