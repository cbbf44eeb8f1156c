package io.shmemtrace.sim.model;

/**
 * What a one-sided call costs.
 *
 * @param inCall how long the caller is in the call (a blocking get: the round trip; an _nbi call: the post)
 * @param complete when, after the call's start, its operation is complete at the target (what a quiet waits for,
 *     and when a waiting PE sees the data)
 */
public record RmaCost(double inCall, double complete) {}
