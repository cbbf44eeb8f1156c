package io.shmemtrace.merged.merge;

import static io.shmemtrace.merged.format.MergedLayout.*;

import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.FieldKind;
import io.shmemtrace.format.Operation;
import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.merged.format.RecordType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The traced functions a run calls, numbered in order of first use: the call table at the end of the merged
 * file. Each per-PE file has an event table of its own; a {@link #cache} per file maps its ids to calls.
 */
final class Calls {
    /**
     * What the merge needs to know of one event id of one file. completesOthers: the call completes the pending
     * calls of its context (all that do but quiet, whose count is in its payload, and finalize, which completes
     * every context's).
     */
    record Call(int index, String name, RecordType type, Operation operation, boolean deferred, int ctxField, int peStartField, int logStrideField,
                int peSizeField, int rootField, int addressField, int resultField, int cmpField, int valueField,
                int[] sizeFields, int targetField, int nelemsField, long elemSize, boolean completesOthers,
                int[] teamFields, int strideField, int intField, int signalField, int spanField) {
        /** Whether its collective record names a PE set: an active set's arguments, or a team. */
        boolean hasSet() {
            return type.payload() == RecordType.Payload.COLLECTIVE && (peStartField >= 0 || teamFields.length > 0);
        }

        /** What its row in the call table says of its records (MergedLayout.CALL_*). */
        int tableFlags() {
            return (deferred ? CALL_DEFERRED : 0) | (ctxField >= 0 ? CALL_CTX : 0) | (hasSet() ? CALL_SET : 0)
                    | (rootField >= 0 ? CALL_ROOT : 0) | (elemSize != 0 || spanField >= 0 ? CALL_BYTES : 0);
        }

        /** The PE the call reads or writes (TraceEvent.targetPe without its per-event lookup). */
        int target(TraceEvent e) {
            return targetField < 0 ? -1 : (int) e.value(targetField);
        }

        /** Bytes moved (TraceEvent.bytes without its per-event lookup). */
        long bytes(TraceEvent e) {
            return elemSize * (nelemsField < 0 ? 1 : e.value(nelemsField));
        }
    }

    private final List<Call> calls = new ArrayList<>();
    private final Map<String, Call> byName = new HashMap<>();

    /**
     * An empty cache of a file's calls, indexed by event id, for {@link #of(EventDef)}: only the functions a run
     * calls get a number and a row in the call table, not every function of the traces' event tables.
     */
    static Call[] cache(EventTable table) {
        return new Call[table.idLimit()];
    }

    /** The call of an event definition, numbered at its first use in the run. */
    Call of(EventDef def) {
        return byName.computeIfAbsent(def.name(), n -> add(def));
    }

    private Call add(EventDef def) {
        if (calls.size() > 0xFFFF) throw new IllegalStateException("more than 65536 distinct calls");
        int[] sizes = indices(def, FieldKind.UINT);
        int[] addresses = indices(def, FieldKind.ADDR);
        boolean waitsOnSet = (def.operation() == Operation.WAIT || def.operation() == Operation.TEST) && sizes.length > 0;
        Call c = new Call(calls.size(), def.name(), RecordType.of(def), def.operation(), def.completion().deferred(),
                def.indexOf(FieldKind.CTX),
                def.indexOf(FieldKind.PE_START), def.indexOf(FieldKind.LOG_PE_STRIDE), def.indexOf(FieldKind.PE_SIZE),
                def.indexOf(FieldKind.ROOT), def.indexOf(FieldKind.ADDR), def.indexOf(FieldKind.RESULT),
                def.indexOf(FieldKind.CMP), def.indexOf(FieldKind.VALUE), sizes,
                def.indexOf(FieldKind.TARGET_PE), def.indexOf(FieldKind.NELEMS), def.elemSize(),
                def.operation().completesPending() && def.operation() != Operation.QUIET && def.operation() != Operation.FINALIZE,
                indices(def, FieldKind.TEAM), def.indexOf(FieldKind.STRIDE), def.indexOf(FieldKind.INT),
                // put_signal: the signal word is its second address (the first is the data's)
                def.operation() == Operation.PUT_SIGNAL && addresses.length > 1 ? addresses[1] : -1,
                // a wait or test on a set of flags: their span in bytes (ivars_bytes)
                waitsOnSet ? sizes[0] : -1);
        calls.add(c);
        return c;
    }

    /** The indices of the fields of this kind, in table order. */
    private static int[] indices(EventDef def, FieldKind kind) {
        return java.util.stream.IntStream.range(0, def.fields().size()).filter(i -> def.fields().get(i).kind() == kind).toArray();
    }

    List<Call> all() {
        return calls;
    }
}
