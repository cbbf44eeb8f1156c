package io.shmemtrace.bench.generate;

import io.shmemtrace.bench.catalog.Api;
import io.shmemtrace.format.Operation;

/**
 * What a benchmark passes for one parameter of a call, decided from the parameter's name and the call's
 * operation in event-spec.xml; each language renders a role in its own words.
 */
public enum Role {
    DST, SRC, FLAG, PWRK, PSYNC,      // buffers
    NELEMS, STRIDE, UNIT_STRIDE,       // sizes
    PEER, ROOT, FIRST_PE, LOG_STRIDE, NPES,
    CMP_EQ, ONE, ZERO, ROUND_VALUE, PREVIOUS_VALUE;

    public boolean isBuffer() {
        return ordinal() <= PSYNC.ordinal();
    }

    /** The role of a parameter, or an error naming the API and parameter that no rule covers. */
    public static Role of(Api api, Api.Param p) {
        Operation op = api.operation();
        if (p.name().equals(api.nelemsParam())) return NELEMS;
        return switch (p.name()) {
            case "target", "addr" -> DST;
            case "source" -> SRC;
            case "ivar" -> FLAG;
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
            default -> throw new IllegalArgumentException(api.name() + ": shmembench has no rule for parameter '"
                    + p.type() + " " + p.name() + "'");
        };
    }
}
