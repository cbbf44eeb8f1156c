package io.shmemtrace.bench.generate;

import io.shmemtrace.bench.catalog.Api;
import io.shmemtrace.format.Operation;

/**
 * What a benchmark passes for one parameter of a call, decided from the parameter's name and the call's
 * operation in event-spec.xml; each language renders a role in its own words.
 */
public enum Role {
    DST, SRC, FLAG, PWRK, PSYNC, SIGNAL_WORD, LOCK_WORD, // buffers
    NELEMS, STRIDE, UNIT_STRIDE,       // sizes
    PEER, ROOT, FIRST_PE, LOG_STRIDE, NPES, TEAM_WORLD,
    CMP_EQ, ONE, ZERO, ROUND_VALUE, PREVIOUS_VALUE, SIGNAL_ADD;

    public boolean isBuffer() {
        return ordinal() <= LOCK_WORD.ordinal();
    }

    /** Whether shmembench knows what to pass for every parameter of the API (it benchmarks only those). */
    public static boolean covers(Api api) {
        return api.params().stream().allMatch(p -> find(api, p) != null);
    }

    /** The role of a parameter, or an error naming the API and parameter that no rule covers. */
    public static Role of(Api api, Api.Param p) {
        Role role = find(api, p);
        if (role == null) {
            throw new IllegalArgumentException(api.name() + ": shmembench has no rule for parameter '" + p.type() + " "
                    + p.name() + "'");
        }
        return role;
    }

    /** The role of a parameter, or null where no rule covers it. */
    private static Role find(Api api, Api.Param p) {
        Operation op = api.operation();
        if (p.name().equals(api.nelemsParam())) return NELEMS;
        return switch (p.name()) {
            case "target", "addr", "dest" -> DST;
            case "source", "fetch" -> SRC; // fetch: where a non-blocking fetching atomic leaves its value
            case "sig_addr" -> op == Operation.PUT_SIGNAL ? SIGNAL_WORD : null; // a wait on a signal: no rule yet
            case "signal" -> ONE;
            case "sig_op" -> SIGNAL_ADD;
            case "team" -> TEAM_WORLD;
            case "ivar" -> FLAG;
            // a lock is timed taken and released (set_lock, then clear_lock): the other lock calls on their own would
            // release a lock not held or hold one for good
            case "lock" -> op == Operation.LOCK_ACQUIRE ? LOCK_WORD : null;
            case "pWrk" -> PWRK;
            case "pSync" -> PSYNC;
            case "tst", "sst", "dst" -> op == Operation.ALLTOALLS ? UNIT_STRIDE : STRIDE;
            case "pe" -> PEER;
            case "PE_root" -> ROOT;
            case "PE_start" -> FIRST_PE;
            case "logPE_stride" -> LOG_STRIDE;
            case "PE_size" -> NPES;
            case "cmp" -> CMP_EQ;
            case "cond" -> ZERO;
            case "value" -> op == Operation.WAIT ? (api.hasParam("cmp") ? ROUND_VALUE : PREVIOUS_VALUE)
                    : op == Operation.TEST ? ZERO : ONE;
            default -> null;
        };
    }
}
