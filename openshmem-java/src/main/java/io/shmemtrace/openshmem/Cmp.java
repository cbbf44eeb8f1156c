package io.shmemtrace.openshmem;

/** Comparison operators of wait_until (SHMEM_CMP_*, in shmem.h's order). */
public enum Cmp {
    EQ, NE, GT, LE, LT, GE;

    int code() {
        return ordinal();
    }
}
