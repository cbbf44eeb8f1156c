package io.shmemtrace.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventTableTest {
    private static final EventTable TABLE = new EventTable(List.of(
            new EventDef(0, "shmem_quiet", Category.ORDERING, 0, 0, List.of(), Operation.QUIET, Completion.COMPLETE),
            new EventDef(200, "shmem_ctx_long_put_nbi", Category.PUT, EventFlags.CTX | EventFlags.NONBLOCKING, 8,
                    List.of(new FieldDef("pe", FieldKind.TARGET_PE), new FieldDef("len", FieldKind.NELEMS),
                            new FieldDef("target", FieldKind.ADDR), new FieldDef("ctx", FieldKind.CTX)),
                    Operation.PUT, Completion.POSTED)));

    @Test
    void encodesToTheDocumentedBytes() {
        byte[] bytes = TABLE.encode();
        // count 2 | id 0, "shmem_quiet", ORDERING(8), flags 0, elem 0, 0 fields | id 200 = 0xC8 0x01, ...
        assertEquals(List.of(2, 0, 11), head(bytes, 0, 3));
        assertEquals(List.of(8, 0, 0, 0, 0xC8, 0x01, 22), head(bytes, 14, 7));
        // ... then the semantics section: tag 1, length 4, (QUIET, COMPLETE), (PUT, POSTED)
        assertEquals(List.of(1, 4, Operation.QUIET.code(), 0, Operation.PUT.code(), 2),
                head(bytes, bytes.length - 6, 6));
    }

    @Test
    void roundTrips() {
        EventTable back = EventTable.decode(TABLE.encode());
        assertEquals(TABLE.events(), back.events());
        assertEquals("shmem_ctx_long_put_nbi", back.byId(200).name());
        assertEquals(Completion.POSTED, back.byId(200).completion());
        assertEquals(2, back.byId(200).indexOf(FieldKind.ADDR));
        assertEquals(null, back.byId(1));
        assertEquals(back.byId(200), back.byName("shmem_ctx_long_put_nbi"));
    }

    @Test
    void aFormatOneZeroTableGetsItsSemanticsFromCategoryAndFlags() {
        byte[] bytes = TABLE.encode();
        EventTable old = EventTable.decode(Arrays.copyOf(bytes, bytes.length - 6)); // no sections: format 1.0
        assertEquals(Operation.UNKNOWN, old.byId(0).operation()); // ORDERING: quiet or fence, unknown
        assertEquals(Completion.COMPLETE, old.byId(0).completion());
        assertEquals(Operation.PUT, old.byId(200).operation());
        assertEquals(Completion.POSTED, old.byId(200).completion()); // the NONBLOCKING flag
    }

    @Test
    void sectionsOfLaterVersionsAreSkipped() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(TABLE.encode());
        out.writeBytes(new byte[] {9, 3, 7, 7, 7}); // tag 9, 3 bytes: a section this reader does not know
        assertEquals(TABLE.events(), EventTable.decode(out.toByteArray()).events());
    }

    @Test
    void truncatedOrInconsistentTablesAreErrors() {
        byte[] bytes = TABLE.encode();
        int cut = bytes.length - 6 - 3; // inside the last field's name
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EventTable.decode(Arrays.copyOf(bytes, cut)));
        assertEquals("ends at byte " + cut + " inside an entry", e.getMessage());
        byte[] badLength = bytes.clone();
        badLength[bytes.length - 5] = 2;
        assertEquals("semantics section of 2 bytes for 2 events", assertThrows(IllegalArgumentException.class,
                () -> EventTable.decode(badLength)).getMessage());
        // an operation this reader does not know is a newer writer's: a call like any other, UNKNOWN
        byte[] newerOp = bytes.clone();
        newerOp[bytes.length - 2] = (byte) 200;
        assertEquals(Operation.UNKNOWN, EventTable.decode(newerOp).events().get(1).operation());
    }

    private static List<Integer> head(byte[] bytes, int from, int n) {
        return java.util.stream.IntStream.range(from, from + n).mapToObj(i -> bytes[i] & 0xFF).toList();
    }
}
