package io.shmemtrace.replay.model;

import io.shmemtrace.merged.format.PsinsType;

/**
 * One member's part in a collective.
 *
 * @param type BARRIER_ALL, BARRIER, SYNC_ALL, SYNC, BROADCAST, COLLECT, FCOLLECT, ALLTOALL, ALLTOALLS or REDUCE
 * @param members PEs in the set
 * @param rank this member's place in the set, 0-based
 * @param root the root's place in the set (broadcast), else -1
 * @param bytes what this member's call moves (its record's bytes)
 * @param spansNodes the set has members on more than one node
 * @param traced this member's traced duration
 * @param tracedLeast the instance's least traced duration among its members (a broadcast: its root's): the call's
 *                    own cost as traced, without the waiting that the other members' durations hold
 */
public record Collective(PsinsType type, int members, int rank, int root, long bytes, boolean spansNodes,
                         double traced, double tracedLeast) {}
