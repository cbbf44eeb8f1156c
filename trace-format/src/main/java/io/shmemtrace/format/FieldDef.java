package io.shmemtrace.format;

/** One recorded field of an event: its name (the C argument it came from) and kind. */
public record FieldDef(String name, FieldKind kind) {}
