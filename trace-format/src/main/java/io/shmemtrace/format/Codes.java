package io.shmemtrace.format;

import java.util.function.IntFunction;
import java.util.function.ToIntFunction;

/**
 * The numbers enums write to disk. Each constant names its code; a code once given is never given to another
 * constant, and a removed constant's code is listed as reserved beside the enum (Perfetto's rule), so that a trace
 * written by any earlier version reads as it was written. {@code CodesTest} pins every code.
 */
public final class Codes {
    private Codes() {}

    /** A lookup by code (null where no constant has it); two constants with one code fail the enum's loading. */
    public static <E extends Enum<E>> E[] index(E[] values, ToIntFunction<E> code, IntFunction<E[]> array) {
        int max = -1;
        for (E e : values) max = Math.max(max, code.applyAsInt(e));
        E[] byCode = array.apply(max + 1);
        for (E e : values) {
            int c = code.applyAsInt(e);
            if (c < 0 || byCode[c] != null) throw new IllegalStateException(e + ": code " + c + " negative or given twice");
            byCode[c] = e;
        }
        return byCode;
    }

    /** The constant with this code, or null (out of range, or a reserved code). */
    public static <E> E of(E[] byCode, int code) {
        return code >= 0 && code < byCode.length ? byCode[code] : null;
    }
}
