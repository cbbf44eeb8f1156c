package io.shmemtrace.bin2txt;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntPredicate;
import picocli.CommandLine;

/**
 * A set of PEs as written on the command line: {@code 0-15,37}. Kept as its ranges, sorted and merged: a range of a
 * billion PEs costs what a range of two does (a bit per PE took gigabytes for {@code 0-1000000000}).
 *
 * @param from the first PE of each range, ascending
 * @param to the last PE of each range (inclusive); the ranges neither overlap nor touch
 */
record PeList(int[] from, int[] to, String text) implements IntPredicate {
    @Override
    public boolean test(int pe) {
        int lo = 0, hi = from.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (pe < from[mid]) hi = mid - 1;
            else if (pe > to[mid]) lo = mid + 1;
            else return true;
        }
        return false;
    }

    /** The PEs of this list not in a run of npes PEs, as a list again ("37, 40-63"); empty if none. */
    String outside(int npes) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < from.length; i++) {
            if (to[i] < npes) continue;
            int first = Math.max(from[i], Math.max(npes, 0));
            if (b.length() > 0) b.append(", ");
            b.append(first).append(to[i] > first ? "-" + to[i] : "");
        }
        return b.toString();
    }

    /** picocli's converter: a bad list is a usage error naming what is wrong. */
    static final class Converter implements CommandLine.ITypeConverter<PeList> {
        @Override
        public PeList convert(String value) {
            List<int[]> ranges = new ArrayList<>();
            for (String part : value.split(",")) {
                String[] range = part.trim().split("-", -1);
                try {
                    int from = Integer.parseInt(range[0].trim());
                    int to = range.length == 2 ? Integer.parseInt(range[1].trim()) : from;
                    if (range.length > 2 || from < 0 || to < from) throw new NumberFormatException();
                    ranges.add(new int[] {from, to});
                } catch (NumberFormatException e) {
                    throw new CommandLine.TypeConversionException("'" + part + "' is not a PE or a range a-b of PEs"
                            + " (PEs are 0 to " + Integer.MAX_VALUE + ")");
                }
            }
            ranges.sort(Comparator.comparingInt(r -> r[0]));
            List<int[]> merged = new ArrayList<>();
            for (int[] r : ranges) {
                int[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
                if (last != null && (long) r[0] <= (long) last[1] + 1) last[1] = Math.max(last[1], r[1]);
                else merged.add(r.clone());
            }
            return new PeList(merged.stream().mapToInt(r -> r[0]).toArray(), merged.stream().mapToInt(r -> r[1]).toArray(),
                    value);
        }
    }
}
