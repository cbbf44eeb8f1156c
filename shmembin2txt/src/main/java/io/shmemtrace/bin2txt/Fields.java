package io.shmemtrace.bin2txt;

import io.shmemtrace.format.FieldDef;
import io.shmemtrace.format.FieldKind;
import io.shmemtrace.format.read.TraceEvent;
import java.util.List;

/** An event's recorded fields as text: name=value, addresses, pointers and contexts in hex, others decimal. */
final class Fields {
    /** How a field's value is printed ({@link #style}). */
    static final byte DECIMAL = 0;
    static final byte UNSIGNED = 1;
    static final byte HEX = 2;

    private Fields() {}

    static byte style(FieldKind kind) {
        return switch (kind) {
            case ADDR, PTR, CTX, TEAM -> HEX;
            case NELEMS, UINT -> UNSIGNED;
            default -> DECIMAL;
        };
    }

    static String format(TraceEvent e, String separator) {
        return append(new StringBuilder(), e, separator).toString();
    }

    static StringBuilder append(StringBuilder sb, TraceEvent e, String separator) {
        String region = e.regionName();
        if (region != null) return sb.append("name=").append(region);
        List<FieldDef> fields = e.def().fields();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) sb.append(separator);
            FieldDef f = fields.get(i);
            sb.append(f.name()).append('=');
            switch (style(f.kind())) {
                case HEX -> sb.append("0x").append(Long.toHexString(e.value(i)));
                case UNSIGNED -> sb.append(Long.toUnsignedString(e.value(i)));
                default -> sb.append(e.value(i));
            }
        }
        return sb;
    }
}
