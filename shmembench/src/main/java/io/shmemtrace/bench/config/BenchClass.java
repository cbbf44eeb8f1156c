package io.shmemtrace.bench.config;

import io.shmemtrace.format.Operation;

/** The paper's five test classes, each a family of operations (event-spec.xml's op: {@link Operation#group}). */
public enum BenchClass {
    PUT(1, Operation.Group.PUT),
    GET(2, Operation.Group.GET),
    COLLECTIVE(3, Operation.Group.COLLECTIVE),
    SYNC(4, Operation.Group.SYNC),
    ATOMIC(5, Operation.Group.ATOMIC);

    public final int number;
    public final String label;
    public final Operation.Group group;

    BenchClass(int number, Operation.Group group) {
        this.number = number;
        this.label = group.label();
        this.group = group;
    }

    /** Whether the class benchmarks calls of this operation (synchronisation takes the locks too). */
    public boolean includes(Operation op) {
        return op.group() == group || this == SYNC && op.group() == Operation.Group.LOCK;
    }

    public static BenchClass of(int number) {
        for (BenchClass c : values()) if (c.number == number) return c;
        return null;
    }

    /** Classes 4 and 5 move one element per call: the configuration's NELEMS does not apply. */
    public boolean usesNelems() {
        return this == PUT || this == GET || this == COLLECTIVE;
    }
}
