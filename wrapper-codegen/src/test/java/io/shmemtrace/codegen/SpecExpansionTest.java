package io.shmemtrace.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.codegen.emit.CWrapperEmitter;
import io.shmemtrace.codegen.model.SpecExpander;
import io.shmemtrace.codegen.model.TracedFunction;
import io.shmemtrace.codegen.model.TracedSpec;
import io.shmemtrace.codegen.spec.SpecLoader;
import io.shmemtrace.format.EventFlags;
import io.shmemtrace.format.FieldKind;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The real event-spec.xml, expanded: families, ctx twins, ids and what the wrappers record. */
class SpecExpansionTest {
    private static TracedSpec spec;
    private static Map<String, TracedFunction> byName;

    @BeforeAll
    static void load() throws Exception {
        spec = SpecExpander.expand(SpecLoader.load(Path.of("../event-spec.xml")));
        byName = spec.functions().stream().collect(Collectors.toMap(TracedFunction::name, Function.identity()));
    }

    @Test
    void familiesExpandToEveryTypedFunction() {
        assertEquals(843, spec.functions().size());
        for (String t : new String[] {"long", "int", "double", "longdouble", "uint64", "ptrdiff"}) {
            assertTrue(byName.containsKey("shmem_" + t + "_put_nbi"), t);
            assertTrue(byName.containsKey("shmem_ctx_" + t + "_put_nbi"), t);
        }
        assertEquals(16, byName.get("shmem_longdouble_p").elemSize());
    }

    @Test
    void ctxTwinsTakeTheContextFirstAndRecordIt() {
        TracedFunction put = byName.get("shmem_ctx_long_put");
        assertEquals("shmem_ctx_t", put.params().get(0).type());
        assertTrue(put.has(EventFlags.CTX));
        assertEquals(FieldKind.CTX, put.recorded().get(put.recorded().size() - 1).field().kind());
        assertTrue(put.id() > byName.get("shmem_finalize").id(), "ctx twins are numbered after every plain call");
    }

    @Test
    void hotCallsGetOneByteIds() {
        for (String name : new String[] {"shmem_long_p", "shmem_putmem", "shmem_quiet", "shmem_fence"}) {
            assertTrue(byName.get(name).id() + 1 < 128, name + " id " + byName.get(name).id());
        }
    }

    @Test
    void wrappersAreGuardedByTheHeader() {
        String c = new CWrapperEmitter(spec).emit();
        assertTrue(c.contains("#ifdef SHMT_HAVE_shmem_long_p\n"));
        assertTrue(c.contains("shmt_p = shmt_put_svar(shmt_p, (int64_t)(pe));"));
        assertEquals(843, c.split("#ifdef SHMT_HAVE_", -1).length - 1);
    }
}
