package io.shmemtrace.agent;

/**
 * Where the agent hooks one traced call: a method of the binding (by class, name and JVM descriptor, so
 * nothing is loaded to match it) and the generated Advice class that times and records it.
 */
public record Hook(String className, String method, String descriptor, String adviceClassName) {}
