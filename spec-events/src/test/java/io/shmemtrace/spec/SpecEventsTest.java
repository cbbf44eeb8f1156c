package io.shmemtrace.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.shmemtrace.format.Category;
import io.shmemtrace.format.Completion;
import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.EventFlags;
import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.Operation;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SpecEventsTest {
    @Test
    void everyFunctionOfTheSpecHasItsSemantics() {
        EventTable t = SpecEvents.table();
        assertEquals(1782 + 4, t.events().size(),
                "the spec's functions (OpenSHMEM 1.4 and 1.5) and the entries of the writer's records (3 region, repeat)");
        for (EventDef own : EventDef.WRITER_RECORDS) assertEquals(own, t.byId(own.id()));
        Map<Operation, Integer> perOp = new TreeMap<>();
        for (EventDef d : t.events()) perOp.merge(d.operation(), 1, Integer::sum);
        assertEquals(null, perOp.get(Operation.UNKNOWN), "no function of the spec is left without an op");
        // counts that follow from the typesets: 24 rma types x (p, g) x (plain, ctx twin)
        assertEquals(48, perOp.get(Operation.P));
        assertEquals(48, perOp.get(Operation.G));
        assertEquals(2, perOp.get(Operation.QUIET));
        assertEquals(1, perOp.get(Operation.BARRIER_ALL));
        assertEquals(3, perOp.get(Operation.INIT));
        assertEquals(1, perOp.get(Operation.REPEAT));
        // poll="true": 24 g + 14 atomic_fetch, each with its ctx twin; 14 legacy fetch; 14 test; test_lock; the 4
        // queries a thread may spin on (query_thread, pe_accessible, addr_accessible, ptr); OpenSHMEM 1.5: 14 types x
        // test_all/any/some and their _vector forms, signal_fetch, team_ptr
        long polls = t.events().stream().filter(d -> d.has(EventFlags.POLL)).count();
        assertEquals(2 * 24 + 2 * 14 + 14 + 14 + 1 + 4 + 14 * 6 + 1 + 1, polls);
    }

    @Test
    void semanticsOfKnownCalls() {
        expect("shmem_long_p", Operation.P, Completion.LOCAL, Category.PUT);
        expect("shmem_ctx_long_p", Operation.P, Completion.LOCAL, Category.PUT);
        expect("shmem_putmem_nbi", Operation.PUT, Completion.POSTED, Category.PUT);
        expect("shmem_getmem_nbi", Operation.GET, Completion.POSTED, Category.GET);
        expect("shmem_int_g", Operation.G, Completion.COMPLETE, Category.GET);
        expect("shmem_double_iget", Operation.IGET, Completion.COMPLETE, Category.GET);
        expect("shmem_long_atomic_fetch_add", Operation.ATOMIC_FETCH, Completion.COMPLETE, Category.ATOMIC);
        expect("shmem_long_atomic_add", Operation.ATOMIC, Completion.LOCAL, Category.ATOMIC);
        expect("shmem_int_finc", Operation.ATOMIC_FETCH, Completion.COMPLETE, Category.ATOMIC);
        expect("shmem_broadcast64", Operation.BROADCAST, Completion.COMPLETE, Category.COLLECTIVE);
        expect("shmem_fcollect32", Operation.FCOLLECT, Completion.COMPLETE, Category.COLLECTIVE);
        expect("shmem_alltoalls64", Operation.ALLTOALLS, Completion.COMPLETE, Category.COLLECTIVE);
        expect("shmem_short_xor_to_all", Operation.REDUCE, Completion.COMPLETE, Category.REDUCTION);
        expect("shmem_set_lock", Operation.LOCK_ACQUIRE, Completion.COMPLETE, Category.LOCK);
        expect("shmem_test_lock", Operation.LOCK_TEST, Completion.COMPLETE, Category.LOCK);
        expect("shmem_int64_test", Operation.TEST, Completion.COMPLETE, Category.SYNC);
        expect("shmem_short_wait", Operation.WAIT, Completion.COMPLETE, Category.SYNC);
        expect("shfree", Operation.FREE, Completion.COMPLETE, Category.MEMORY);
        expect("shmem_realloc", Operation.MALLOC, Completion.COMPLETE, Category.MEMORY);
        expect("shmem_ctx_destroy", Operation.CTX_DESTROY, Completion.COMPLETE, Category.CONTEXT);
        expect("start_pes", Operation.INIT, Completion.COMPLETE, Category.SETUP);
        expect("shmem_udcflush", Operation.CACHE, Completion.COMPLETE, Category.CACHE);
        expect("shmem_signal_fetch", Operation.QUERY, Completion.COMPLETE, Category.QUERY); // SYNC in the CSV before
    }

    @Test
    void formatOneZeroFlagsAgreeWithTheSemantics() {
        for (EventDef d : SpecEvents.table().events()) {
            assertEquals(d.completion() == Completion.POSTED, d.has(EventFlags.NONBLOCKING), d.name());
            assertEquals(d.operation() == Operation.INIT, d.has(EventFlags.INIT), d.name());
            assertEquals(d.operation() == Operation.FINALIZE, d.has(EventFlags.FINALIZE), d.name());
        }
    }

    @Test
    void subsetRenumbersInTheOrderGiven() {
        EventTable t = SpecEvents.subset("shmem_quiet", "shmem_long_p");
        assertEquals(2, t.events().size());
        assertEquals("shmem_quiet", t.byId(0).name());
        assertEquals("shmem_long_p", t.byId(1).name());
        assertEquals(SpecEvents.of("shmem_long_p").fields(), t.byId(1).fields());
        assertEquals("event-spec.xml has no function shmem_nothing",
                assertThrows(IllegalArgumentException.class, () -> SpecEvents.subset("shmem_nothing")).getMessage());
    }

    private static void expect(String name, Operation op, Completion completion, Category category) {
        EventDef d = SpecEvents.of(name);
        assertEquals(Arrays.asList(op, completion, category), Arrays.asList(d.operation(), d.completion(),
                d.category()), name);
    }
}
