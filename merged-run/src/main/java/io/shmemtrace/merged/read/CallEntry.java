package io.shmemtrace.merged.read;

import static io.shmemtrace.merged.format.MergedLayout.*;

import io.shmemtrace.merged.format.RecordType;

/**
 * An entry of the call table: the traced function a record's call field names, its record type, and whether
 * it returns before its remote effect is complete (then a later call completes it: the record's completion), and
 * whether it takes a context (its RMA records then say whether one other than the default was used). A
 * collective's records carry a PE set, a root and a byte count only where the call has them (set: else all
 * PEs; root: else none; bytes: else 0).
 */
public record CallEntry(int index, String name, RecordType type, boolean deferred, boolean ctx, boolean set, boolean root,
                        boolean bytes) {
    /** The entry of a call-table row: its flags (CALL_*) as the merge writes them. */
    public static CallEntry of(int index, String name, RecordType type, int flags) {
        return new CallEntry(index, name, type, (flags & CALL_DEFERRED) != 0, (flags & CALL_CTX) != 0,
                (flags & CALL_SET) != 0, (flags & CALL_ROOT) != 0, (flags & CALL_BYTES) != 0);
    }
}
