package io.shmemtrace.merged.read;

import io.shmemtrace.merged.format.PsinsType;

/**
 * An entry of the call table: the traced function a record's call field names, its record type, and whether
 * it returns before its remote effect is complete (then a later call completes it: the record's completion), and
 * whether it takes a context (its RMA records then say whether one other than the default was used). A
 * collective's records carry a PE set, a root and a byte count only where the call has them (set: else all
 * PEs; root: else none; bytes: else 0).
 */
public record CallEntry(int index, String name, PsinsType type, boolean deferred, boolean ctx, boolean set, boolean root,
                        boolean bytes) {}
