package io.shmemtrace.tests.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntUnaryOperator;

/**
 * What a test program calls on each PE of an np-PE job: per call, how many times (a function of the PE), the
 * bytes each moves and the PE it targets. Checked exactly against a PE's trace.
 */
public final class ExpectedCalls {
    /** A call made COUNT(me) times, each moving BYTES to or from TARGET(me) (-1: none). */
    public record Call(String name, IntUnaryOperator count, long bytes, IntUnaryOperator target) {}

    public static final IntUnaryOperator NONE = me -> -1;

    private final int npes;

    public ExpectedCalls(int npes) {
        this.npes = npes;
    }

    public int right(int me) {
        return (me + 1) % npes;
    }

    public int left(int me) {
        return (me + npes - 1) % npes;
    }

    public static IntUnaryOperator times(int n) {
        return me -> n;
    }

    /** Every call, and no other, with its count (the library's internal calls are not events). */
    public static void assertCounts(List<Call> expected, Traces.Read trace, int pe) {
        Map<String, Integer> counts = new TreeMap<>();
        trace.events().forEach(e -> counts.merge(e.name(), 1, Integer::sum));
        Map<String, Integer> want = new TreeMap<>();
        for (Call x : expected) want.put(x.name(), x.count().applyAsInt(pe));
        assertEquals(want, counts, "PE " + pe);
    }

    /** Bytes and target PE of every event of every expected call. */
    public static void assertBytesAndTargets(List<Call> expected, Traces.Read trace, int pe) {
        for (Call x : expected) {
            for (Recorded e : trace.named(x.name())) {
                assertEquals(x.bytes(), e.bytes(), "PE " + pe + " " + e);
                assertEquals(x.target().applyAsInt(pe), e.targetPe(), "PE " + pe + " " + e);
                assertEquals(pe, e.pe());
            }
        }
    }
}
