package io.shmemtrace.codegen.emit;

/**
 * Limits the generated wrappers and the C runtime share (native-shim/RUNTIME-CONTRACT.md), defined once: the
 * generator checks the spec against them and emits them into shmt_format.h as {@code SHMT_<NAME>}, where the
 * runtime's thread state is sized by them.
 */
public final class RuntimeLimits {
    /** The most fields an event records: the recorded arguments are saved in the thread across the real call. */
    public static final int SAVED_ARGS = 12;
    /** The most fields a polling call records (event-spec.xml poll="true"): compared to find its repeats. */
    public static final int POLL_FIELDS = 6;

    private RuntimeLimits() {}
}
