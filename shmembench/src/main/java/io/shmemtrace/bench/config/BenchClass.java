package io.shmemtrace.bench.config;

import io.shmemtrace.format.Operation;
import java.util.EnumSet;
import java.util.Set;

/** The paper's five test classes, each the set of operations (event-spec.xml's op) it benchmarks. */
public enum BenchClass {
    PUT(1, "put", EnumSet.of(Operation.PUT, Operation.P, Operation.IPUT)),
    GET(2, "get", EnumSet.of(Operation.GET, Operation.G, Operation.IGET)),
    COLLECTIVE(3, "collective", EnumSet.of(Operation.BARRIER_ALL, Operation.BARRIER, Operation.SYNC_ALL,
            Operation.SYNC, Operation.BROADCAST, Operation.COLLECT, Operation.FCOLLECT, Operation.ALLTOALL,
            Operation.ALLTOALLS, Operation.REDUCE)),
    SYNC(4, "sync", EnumSet.of(Operation.FENCE, Operation.QUIET, Operation.WAIT, Operation.TEST)),
    ATOMIC(5, "atomic", EnumSet.of(Operation.ATOMIC, Operation.ATOMIC_FETCH));

    public final int number;
    public final String label;
    public final Set<Operation> operations;

    BenchClass(int number, String label, Set<Operation> operations) {
        this.number = number;
        this.label = label;
        this.operations = operations;
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
