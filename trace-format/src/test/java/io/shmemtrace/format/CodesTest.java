package io.shmemtrace.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;

/**
 * Every code an enum writes to disk, pinned: the numbers traces already hold. A change here changes what every
 * trace written before means; a new constant adds a line with the next free number (issue 43: the codes were the
 * enums' ordinals, and a constant inserted in the middle would have gone unnoticed).
 */
class CodesTest {
    @Test
    void operations() {
        assertCodes(Operation.values(), Operation::code, pairs(
                "UNKNOWN", 0, "INIT", 1, "FINALIZE", 2, "QUERY", 3, "MALLOC", 4, "FREE", 5, "PUT", 6, "P", 7,
                "IPUT", 8, "GET", 9, "G", 10, "IGET", 11, "ATOMIC", 12, "ATOMIC_FETCH", 13, "QUIET", 14,
                "FENCE", 15, "BARRIER_ALL", 16, "BARRIER", 17, "SYNC_ALL", 18, "SYNC", 19, "BROADCAST", 20,
                "COLLECT", 21, "FCOLLECT", 22, "ALLTOALL", 23, "ALLTOALLS", 24, "REDUCE", 25,
                "LOCK_ACQUIRE", 26, "LOCK_RELEASE", 27, "LOCK_TEST", 28, "WAIT", 29, "TEST", 30,
                "CTX_CREATE", 31, "CTX_DESTROY", 32, "OTHER", 33, "REPEAT", 34, "PUT_SIGNAL", 35,
                "TEAM_SPLIT", 36, "TEAM_DESTROY", 37, "REGION_BEGIN", 38, "REGION_END", 39, "MARK", 40, "CACHE", 41));
    }

    @Test
    void categories() {
        assertCodes(Category.values(), Category::code, pairs(
                "SETUP", 0, "QUERY", 1, "MEMORY", 2, "PUT", 3, "GET", 4, "ATOMIC", 5, "COLLECTIVE", 6,
                "REDUCTION", 7, "ORDERING", 8, "SYNC", 9, "LOCK", 10, "CONTEXT", 11, "CACHE", 12));
    }

    @Test
    void completions() {
        assertCodes(Completion.values(), Completion::code, pairs("COMPLETE", 0, "LOCAL", 1, "POSTED", 2));
    }

    @Test
    void fieldKinds() {
        assertCodes(FieldKind.values(), FieldKind::code, pairs(
                "TARGET_PE", 1, "NELEMS", 2, "ADDR", 3, "PTR", 4, "INT", 5, "UINT", 6, "ROOT", 7,
                "PE_START", 8, "LOG_PE_STRIDE", 9, "PE_SIZE", 10, "STRIDE", 11, "CTX", 12, "CMP", 13,
                "VALUE", 14, "RESULT", 15, "TEAM", 16));
    }

    @Test
    void traceStates() {
        assertCodes(TraceState.values(), TraceState::code, pairs("RUNNING", 0, "FINALIZED", 1, "EXITED", 2, "DISABLED", 3));
        assertEquals(TraceState.RUNNING, TraceState.of(99), "an unknown state reads as a run that never finished");
    }

    @Test
    void aCodeOfNoConstantIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Operation.of(Operation.values().length));
        assertThrows(IllegalArgumentException.class, () -> FieldKind.of(0));
        assertNull(Codes.of(new Operation[] {Operation.INIT, null}, 1), "a reserved code");
    }

    @Test
    void twoConstantsWithOneCodeFailTheEnum() {
        assertThrows(IllegalStateException.class,
                () -> Codes.index(new Completion[] {Completion.LOCAL, Completion.LOCAL}, Completion::code, Completion[]::new));
    }

    private static <E extends Enum<E>> void assertCodes(E[] values, ToIntFunction<E> code, Map<String, Integer> pinned) {
        Map<String, Integer> actual = new LinkedHashMap<>();
        for (E e : values) actual.put(e.name(), code.applyAsInt(e));
        assertEquals(pinned, actual);
    }

    private static Map<String, Integer> pairs(Object... nameThenCode) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < nameThenCode.length; i += 2) m.put((String) nameThenCode[i], (Integer) nameThenCode[i + 1]);
        return m;
    }
}
