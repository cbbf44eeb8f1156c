package io.shmemtrace.bin2txt;

import java.util.BitSet;
import java.util.function.IntPredicate;
import picocli.CommandLine;

/** A set of PEs as written on the command line: {@code 0-15,37}. */
record PeList(BitSet pes, String text) implements IntPredicate {
    @Override
    public boolean test(int pe) {
        return pe >= 0 && pes.get(pe);
    }

    /** The PEs of this list not in a run of npes PEs, as a list again ("37, 40-63"); empty if none. */
    String outside(int npes) {
        StringBuilder b = new StringBuilder();
        for (int pe = pes.nextSetBit(Math.max(npes, 0)); pe >= 0; pe = pes.nextSetBit(pe + 1)) {
            int end = pes.nextClearBit(pe) - 1;
            if (b.length() > 0) b.append(", ");
            b.append(pe).append(end > pe ? "-" + end : "");
            pe = end;
            if (pe == Integer.MAX_VALUE) break;
        }
        return b.toString();
    }

    /** picocli's converter: a bad list is a usage error naming what is wrong. */
    static final class Converter implements CommandLine.ITypeConverter<PeList> {
        @Override
        public PeList convert(String value) {
            BitSet set = new BitSet();
            for (String part : value.split(",")) {
                String[] range = part.trim().split("-", -1);
                try {
                    int from = Integer.parseInt(range[0].trim());
                    int to = range.length == 2 ? Integer.parseInt(range[1].trim()) : from;
                    if (range.length > 2 || from < 0 || to < from) throw new NumberFormatException();
                    set.set(from, to + 1);
                } catch (NumberFormatException e) {
                    throw new CommandLine.TypeConversionException("'" + part + "' is not a PE or a range a-b of PEs");
                }
            }
            return new PeList(set, value);
        }
    }
}
