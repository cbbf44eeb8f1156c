package io.shmemtrace.format.read;

import static io.shmemtrace.format.Layout.*;

import io.shmemtrace.format.Escape;
import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.EventTable;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a PE's names and counts blocks hold (FORMAT.md, "Names" and "Counts"): its region names, numbered in file
 * order, and per function the calls it counted without recording them. Both kinds of block are written in place
 * while the program runs (never sealed): each entry is read up to the first one not yet written, and every value is
 * checked against the block before it is used.
 */
final class PeTables {
    private final List<String> names = new ArrayList<>();
    private final Map<Integer, long[]> counts = new TreeMap<>();
    /** A profile's entries as stored (their region numbers named once every names block is read). */
    private final List<long[]> profile = new ArrayList<>();
    private List<ProfileEntry> profileEntries;

    /** The names of a names block's entries, after those of the blocks before it; a problem, or null. */
    String readNames(ByteBuffer s, int at, long available) {
        int p = at + BLOCK_HEADER;
        int end = (int) (at + available);
        while (p < end) {
            int length = s.get(p) & 0xFF;
            if (length == 0) return null; // not written yet: the end
            if (length > MAX_NAME) return "names block: a name of " + length + " bytes (at most " + MAX_NAME + ")";
            if (p + 1 + length > end) return "names block: the last name runs past the end of the data";
            byte[] bytes = new byte[length];
            s.get(p + 1, bytes);
            names.add(Escape.text(new String(bytes, StandardCharsets.UTF_8))); // the program's text, shown safely
            p += 1 + length;
        }
        return null;
    }

    /** The entries of a counts block, added to those before; a problem, or null. */
    String readCounts(ByteBuffer s, int at, long available, EventTable table) {
        for (long p = at + BLOCK_HEADER; p + COUNT_ENTRY <= at + available; p += COUNT_ENTRY) {
            long idPlusOne = s.getInt((int) p) & 0xFFFFFFFFL;
            if (idPlusOne == 0) return null;
            long paused = s.getLong((int) p + C_PAUSED), excluded = s.getLong((int) p + C_EXCLUDED);
            if (idPlusOne > Integer.MAX_VALUE || table.byId((int) idPlusOne - 1) == null) {
                return "counts block: unknown event id " + (idPlusOne - 1);
            }
            if (paused < 0 || excluded < 0) return "counts block: a negative count for event id " + (idPlusOne - 1);
            long[] c = counts.computeIfAbsent((int) idPlusOne - 1, id -> new long[2]);
            c[0] += paused;
            c[1] += excluded;
        }
        return null;
    }

    /**
     * The entries of a profile block of thread `thread` (FORMAT.md, "Profiles"), up to the first unused one; a problem,
     * or null. An entry is kept as its numbers: [thread, id, region + 1, site, calls, bytes, total, min, max, inner,
     * histogram...].
     */
    String readProfile(ByteBuffer s, int at, long available, EventTable table, int thread) {
        for (long p = at + BLOCK_HEADER; p + PROFILE_ENTRY <= at + available; p += PROFILE_ENTRY) {
            int q = (int) p;
            long idPlusOne = s.getInt(q) & 0xFFFFFFFFL;
            if (idPlusOne == 0) return null;
            if (idPlusOne > Integer.MAX_VALUE || table.byId((int) idPlusOne - 1) == null) {
                return "profile block: unknown event id " + (idPlusOne - 1);
            }
            long[] e = new long[10 + HIST_BUCKETS];
            e[0] = thread;
            e[1] = idPlusOne - 1;
            e[2] = s.getInt(q + P_REGION) & 0xFFFFFFFFL;
            e[3] = s.getLong(q + P_SITE);
            e[4] = s.getLong(q + P_CALLS);
            e[5] = s.getLong(q + P_BYTES);
            e[6] = s.getLong(q + P_TOTAL);
            e[7] = s.getLong(q + P_MIN);
            e[8] = s.getLong(q + P_MAX);
            e[9] = s.getLong(q + P_INNER);
            for (int b = 0; b < HIST_BUCKETS; b++) e[10 + b] = s.getInt(q + P_HIST + 4 * b) & 0xFFFFFFFFL;
            if (e[4] < 0 || e[5] < 0 || e[6] < 0 || e[9] < 0) {
                return "profile block: a negative count or time for event id " + e[1];
            }
            String wrong = inconsistency(e, table.byId((int) e[1]));
            if (wrong != null) return "profile block: " + wrong + " for event id " + e[1];
            profile.add(e);
        }
        return null;
    }

    /**
     * What makes an entry's numbers impossible (a damaged block read as intact printed "in SHMEM -54 ns" and a shortest
     * call above the longest), or null. Every entry of calls has shortest <= longest <= total; a region's or mark's
     * names its region and holds no more time in SHMEM than in all; a function's time in SHMEM is the calls' own.
     */
    private static String inconsistency(long[] e, EventDef def) {
        long calls = e[4], total = e[6], min = e[7], max = e[8], inner = e[9];
        boolean region = def.operation().isRegion();
        if (calls > 0 && (Long.compareUnsigned(min, max) > 0 || Long.compareUnsigned(max, total) > 0)) {
            return "a shortest time above the longest, or a longest above the total";
        }
        if (region && e[2] == 0) return "a region's or mark's entry names no region";
        if (region && inner > total) return "more time in SHMEM within a region than in the region";
        if (!region && inner != 0) return "time in SHMEM within a function's entry";
        return null;
    }

    /** The profile's entries, times in ns by the file's time base; entries of no call left out (made once). */
    List<ProfileEntry> profile(EventTable table, TimeBase time) {
        if (profileEntries != null) return profileEntries;
        List<ProfileEntry> out = new ArrayList<>();
        for (long[] e : profile) {
            if (e[4] == 0) continue;
            long[] histogram = java.util.Arrays.copyOfRange(e, 10, 10 + HIST_BUCKETS);
            out.add(new ProfileEntry((int) e[0], table.byId((int) e[1]), e[2] == 0 ? null : name(e[2] - 1), e[3], e[4],
                    e[5], time.spanNs(e[6]), time.spanNs(e[7]), time.spanNs(e[8]), histogram, time.spanNs(e[9])));
        }
        return profileEntries = List.copyOf(out);
    }

    List<String> names() {
        return names;
    }

    /** A region record's name: its entry, or "#n" when the names blocks lack it (damaged, or cut off). */
    String name(long number) {
        return number >= 0 && number < names.size() ? names.get((int) number) : "#" + number;
    }

    List<UnrecordedCalls> unrecorded(EventTable table) {
        List<UnrecordedCalls> out = new ArrayList<>();
        counts.forEach((id, c) -> {
            EventDef def = table.byId(id);
            if (c[0] + c[1] > 0) out.add(new UnrecordedCalls(def, c[0], c[1]));
        });
        return out;
    }
}
