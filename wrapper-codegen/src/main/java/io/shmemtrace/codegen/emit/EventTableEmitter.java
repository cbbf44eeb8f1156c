package io.shmemtrace.codegen.emit;

import io.shmemtrace.format.StoredTable;
import io.shmemtrace.codegen.model.TracedSpec;

/**
 * Emits shmt_event_table.c: the FORMAT.md event table as a file stores it (deflated), encoded and compressed by the
 * same Java code the reader decodes with, so the C shim and the Java reader cannot disagree about it; and its size
 * inflated, for the header.
 */
public final class EventTableEmitter {
    private static final int BYTES_PER_LINE = 16;

    private EventTableEmitter() {}

    public static String emit(TracedSpec spec) {
        byte[] encoded = spec.eventTable().encode();
        byte[] table = StoredTable.deflate(encoded);
        StringBuilder out = new StringBuilder(GeneratedHeader.C_BANNER);
        out.append("const unsigned char shmt_event_table[] = {");
        for (int i = 0; i < table.length; i++) {
            out.append(i % BYTES_PER_LINE == 0 ? "\n    " : " ").append(table[i] & 0xff).append(',');
        }
        out.append("\n};\nconst unsigned shmt_event_table_len = ").append(table.length).append(";\n");
        out.append("const unsigned shmt_event_table_size = ").append(encoded.length).append(";\n");
        return out.toString();
    }
}
