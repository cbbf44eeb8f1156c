package io.shmemtrace.psins.read;

import io.shmemtrace.psins.format.PsinsType;

/** An entry of the call table: the traced function a record's call field names, and its record type. */
public record CallEntry(int index, String name, PsinsType type) {}
