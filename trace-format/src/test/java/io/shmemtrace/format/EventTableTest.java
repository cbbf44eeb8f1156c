package io.shmemtrace.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventTableTest {
    private static final EventTable TABLE = new EventTable(List.of(
            new EventDef(0, "shmem_quiet", Category.ORDERING, 0, 0, List.of()),
            new EventDef(200, "shmem_ctx_long_put", Category.PUT, EventFlags.CTX, 8, List.of(
                    new FieldDef("pe", FieldKind.TARGET_PE), new FieldDef("len", FieldKind.NELEMS),
                    new FieldDef("target", FieldKind.ADDR), new FieldDef("ctx", FieldKind.CTX)))));

    @Test
    void encodesToTheDocumentedBytes() {
        byte[] bytes = TABLE.encode();
        // count 2 | id 0, "shmem_quiet", ORDERING(8), flags 0, elem 0, 0 fields | id 200 = 0xC8 0x01, ...
        assertEquals(List.of(2, 0, 11), head(bytes, 3));
        assertEquals(List.of(8, 0, 0, 0, 0xC8, 0x01, 18), head(Arrays.copyOfRange(bytes, 14, 21), 7));
    }

    @Test
    void roundTrips() {
        EventTable back = EventTable.decode(TABLE.encode());
        assertEquals(TABLE.events(), back.events());
        assertEquals("shmem_ctx_long_put", back.byId(200).name());
        assertEquals(2, back.byId(200).indexOf(FieldKind.ADDR));
        assertEquals(null, back.byId(1));
    }

    @Test
    void truncatedTableIsAnError() {
        byte[] bytes = TABLE.encode();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EventTable.decode(Arrays.copyOf(bytes, bytes.length - 3)));
        assertEquals("string of 3 bytes runs past the end at byte " + (bytes.length - 3), e.getMessage());
    }

    private static List<Integer> head(byte[] bytes, int n) {
        return java.util.stream.IntStream.range(0, n).mapToObj(i -> bytes[i] & 0xFF).toList();
    }
}
