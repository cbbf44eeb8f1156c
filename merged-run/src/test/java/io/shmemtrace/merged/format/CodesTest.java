package io.shmemtrace.merged.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * The merged format's codes beside those of trace-format's CodesTest: the alignment method a header stores, pinned
 * (it was the enum's ordinal). The record types are pinned by the committed merged trace GoldenTracesTest reads.
 */
class CodesTest {
    @Test
    void alignmentMethods() {
        assertEquals(0, AlignmentMethod.MONOTONIC.code());
        assertEquals(1, AlignmentMethod.REALTIME.code());
        assertEquals(2, AlignmentMethod.BARRIER.code());
        assertEquals(3, AlignmentMethod.values().length, "a new method takes code 3");
        for (AlignmentMethod m : AlignmentMethod.values()) assertEquals(m, AlignmentMethod.of(m.code()));
        assertNull(AlignmentMethod.of(3));
        assertNull(AlignmentMethod.of(-1));
    }
}
