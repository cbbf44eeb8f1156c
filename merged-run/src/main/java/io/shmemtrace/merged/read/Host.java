package io.shmemtrace.merged.read;

/** A host of the run (its name as the PEs' trace headers gave it) and the PEs that ran there. */
public record Host(String name, int[] pes) {}
