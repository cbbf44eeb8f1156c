package io.shmemtrace.synth;

import static io.shmemtrace.format.Category.*;
import static io.shmemtrace.format.FieldKind.*;

import io.shmemtrace.format.Category;
import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.EventFlags;
import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.FieldDef;
import io.shmemtrace.format.FieldKind;
import java.util.ArrayList;
import java.util.List;

/**
 * The calls a synthetic run makes, with the names, categories and fields event-spec.xml gives them, so that
 * the tools treat a synthetic trace exactly as a traced one. Ids are this table's own: every trace carries its
 * table.
 */
final class SynthEvents {
    static final int INIT = 0, FINALIZE = 1, MY_PE = 2, N_PES = 3, PUTMEM_NBI = 4, QUIET = 5, LONG_P = 6,
            LONG_GET = 7, BARRIER_ALL = 8, BROADCAST64 = 9, LONG_SUM_TO_ALL = 10, SET_LOCK = 11, CLEAR_LOCK = 12,
            FETCH_ADD = 13;

    static final EventTable TABLE = table();

    private SynthEvents() {}

    private static EventTable table() {
        List<EventDef> defs = new ArrayList<>();
        add(defs, INIT, "shmem_init", SETUP, EventFlags.INIT, 0);
        add(defs, FINALIZE, "shmem_finalize", SETUP, EventFlags.FINALIZE, 0);
        add(defs, MY_PE, "shmem_my_pe", QUERY, 0, 0);
        add(defs, N_PES, "shmem_n_pes", QUERY, 0, 0);
        add(defs, PUTMEM_NBI, "shmem_putmem_nbi", PUT, EventFlags.NONBLOCKING, 1,
                TARGET_PE, "pe", NELEMS, "len", ADDR, "target");
        add(defs, QUIET, "shmem_quiet", ORDERING, 0, 0);
        add(defs, LONG_P, "shmem_long_p", PUT, 0, 8, TARGET_PE, "pe", ADDR, "addr");
        add(defs, LONG_GET, "shmem_long_get", GET, 0, 8, TARGET_PE, "pe", NELEMS, "len", ADDR, "source");
        add(defs, BARRIER_ALL, "shmem_barrier_all", COLLECTIVE, 0, 0);
        add(defs, BROADCAST64, "shmem_broadcast64", COLLECTIVE, 0, 8, NELEMS, "nlong", ROOT, "PE_root",
                ADDR, "target", PE_START, "PE_start", LOG_PE_STRIDE, "logPE_stride", PE_SIZE, "PE_size");
        add(defs, LONG_SUM_TO_ALL, "shmem_long_sum_to_all", REDUCTION, 0, 8, NELEMS, "nreduce", ADDR, "target",
                PE_START, "PE_start", LOG_PE_STRIDE, "logPE_stride", PE_SIZE, "PE_size");
        add(defs, SET_LOCK, "shmem_set_lock", LOCK, 0, 0, ADDR, "lock");
        add(defs, CLEAR_LOCK, "shmem_clear_lock", LOCK, 0, 0, ADDR, "lock");
        add(defs, FETCH_ADD, "shmem_long_atomic_fetch_add", ATOMIC, 0, 8, TARGET_PE, "pe", ADDR, "target");
        return new EventTable(defs);
    }

    /** fieldsAndNames: kind, name, kind, name, ... */
    private static void add(List<EventDef> defs, int id, String name, Category category, int flags, int elemSize,
                            Object... fieldsAndNames) {
        List<FieldDef> fields = new ArrayList<>();
        for (int i = 0; i < fieldsAndNames.length; i += 2) {
            fields.add(new FieldDef((String) fieldsAndNames[i + 1], (FieldKind) fieldsAndNames[i]));
        }
        defs.add(new EventDef(id, name, category, flags, elemSize, fields));
    }
}
