package io.shmemtrace.format.read;

import static io.shmemtrace.format.Layout.*;

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
            names.add(new String(bytes, StandardCharsets.UTF_8));
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
