package io.shmemtrace.sim.model;

import io.shmemtrace.psins.format.PsinsType;

/** A call with no data of its own to move: its type, task and traced duration. */
public record Local(PsinsType type, int task, double traced) {}
