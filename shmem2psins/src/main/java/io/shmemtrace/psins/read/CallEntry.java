package io.shmemtrace.psins.read;

import io.shmemtrace.psins.format.PsinsType;

/**
 * An entry of the call table: the traced function a record's call field names, its record type, and whether
 * it returns before its remote effect is complete (then a later call completes it: the record's completion), and
 * whether it takes a context (its RMA records then say whether one other than the default was used).
 */
public record CallEntry(int index, String name, PsinsType type, boolean deferred, boolean ctx) {}
