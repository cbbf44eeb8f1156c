package io.shmemtrace.otf2;

import java.util.regex.Pattern;

/**
 * The OTF2 atomic type of an OpenSHMEM atomic, from its function name (OpenSHMEM names every atomic by what it
 * does: {@code shmem_long_atomic_compare_swap}, {@code shmem_int_finc}, ...), with how many operands it sends and
 * whether it fetches: the bytes of an RmaAtomic record. The spec's operation says only atomic or fetching atomic;
 * OTF2 wants the kind, and this mapping is OTF2's alone.
 */
enum AtomicKind {
    COMPARE_AND_SWAP(3, 2, true, "(compare_swap|cswap)"),
    SWAP(4, 1, true, "swap"),
    FETCH_AND_INCREMENT(6, 0, true, "(fetch_inc|finc)"),
    INCREMENT(1, 0, false, "inc"),
    FETCH_AND_ADD(5, 1, true, "(fetch_add|fadd)"),
    /** fetch_and / fetch_or / fetch_xor, and a plain fetch (an atomic read: no operator, OTF2's no-op). */
    FETCH_AND_ACCUMULATE(7, 1, true, "fetch_(and|or|xor)"),
    FETCH(7, 0, true, "fetch"),
    /** add, set, and, or, xor: an operation applied at the target, nothing returned. */
    ACCUMULATE(0, 1, false, "(add|set|and|or|xor)");

    /** OTF2_RmaAtomicType (OTF2_Events.h). */
    final int otf2Type;
    /** Operands sent, in elements; whether the old value comes back. */
    final int operands;
    final boolean fetches;
    private final Pattern suffix;

    AtomicKind(int otf2Type, int operands, boolean fetches, String suffix) {
        this.otf2Type = otf2Type;
        this.operands = operands;
        this.fetches = fetches;
        this.suffix = Pattern.compile(".*_" + suffix + "(_nbi)?"); // 1.5: fetching atomics also come _nbi
    }

    /** The kind of an atomic named so (the first whose suffix matches: compare_swap before swap); ACCUMULATE else. */
    static AtomicKind of(String function) {
        for (AtomicKind k : values()) if (k.suffix.matcher(function).matches()) return k;
        return ACCUMULATE;
    }
}
