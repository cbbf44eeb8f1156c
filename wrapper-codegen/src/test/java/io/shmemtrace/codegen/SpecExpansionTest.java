package io.shmemtrace.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.codegen.emit.CWrapperEmitter;
import io.shmemtrace.codegen.model.SpecExpander;
import io.shmemtrace.codegen.model.TracedFunction;
import io.shmemtrace.codegen.model.TracedSpec;
import io.shmemtrace.codegen.spec.SpecLoader;
import io.shmemtrace.format.EventFlags;
import io.shmemtrace.format.FieldKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        // Open MPI 4.1's 843 and OpenSHMEM 1.5's (as Sandia OpenSHMEM exports them): 1,782 in all.
        assertEquals(1782, spec.functions().size());
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
    void wrappersNeedNoImplementationHeader() {
        CWrapperEmitter emitter = new CWrapperEmitter(spec);
        String c = java.util.stream.IntStream.range(0, 4).mapToObj(part -> emitter.emit(part, 4))
                .collect(java.util.stream.Collectors.joining());
        assertTrue(!c.contains("<shmem.h>") && !c.contains("SHMT_HAVE_"), "every function wrapped, whatever the header");
        assertEquals(1782, c.split(" \\(\\*shmt_fn_", -1).length - 1, "the parts hold each function once");
        String longP = c.substring(c.indexOf("typedef void (*shmt_fn_shmem_long_p)"));
        longP = longP.substring(0, longP.indexOf("typedef", 10));
        // The recorded arguments go to the thread before the call and are encoded from there after it.
        int save = longP.indexOf("shmt_t->saved[0] = (uint64_t)(int64_t)(pe);");
        int call = longP.indexOf("SHMT_TIMED_CALL(shmt_fast, shmt_t, shmt_t1, real_shmem_long_p(addr, value, pe));");
        int encode = longP.indexOf("shmt_p = shmt_put_svar(shmt_p, (int64_t)shmt_t->saved[0]);");
        assertTrue(save >= 0 && call > save && encode > call, longP);
        // One body, two paths: the wrapper's fast one, the general one it jumps to.
        assertTrue(longP.contains("    shmt_traced_shmem_long_p(1, SHMT_CALLSITE, addr, value, pe); return;\n"), longP);
        assertTrue(longP.contains("    shmt_traced_shmem_long_p(0, SHMT_CALLSITE, addr, value, pe); return;\n"), longP);
        // each function's id in shmt_ids_by_name (how the shim finds a function by name: untraced, the GOT)
        String names = emitter.emitEventInfos();
        names = names.substring(names.indexOf("const unsigned short shmt_ids_by_name[SHMT_EVENT_COUNT] = {"));
        assertEquals(1782, names.split("\n", -1).length - 3, "one line per function");
        assertTrue(names.indexOf("SHMT_ID_shmem_barrier_all,") < names.indexOf("SHMT_ID_shmem_long_p,")
                && names.indexOf("SHMT_ID_shmem_long_p,") < names.indexOf("SHMT_ID_shmem_putmem,"), "in the order of the names");
        assertTrue(names.endsWith("};\n"));
    }

    @Test
    void prototypesAreWhatTheAbiCheckComparesWithAHeader() {
        String h = new CWrapperEmitter(spec).emitPrototypes();
        // Parenthesized: SOS's C11 shmem.h makes shmem_sync a _Generic macro.
        assertTrue(h.contains("#if !defined(SHMT_CHECKING_ABI) || defined(SHMT_HAVE_shmem_sync)\n"
                + "void (shmem_sync)(int, int, int, long *);\n#endif\n"), h.substring(0, 2000));
        assertTrue(h.contains("void (shmem_long_wait_until)(SHMT_VOLATILE long *, int, long);"));
        assertTrue(h.contains("int (shmem_team_split_strided)(shmem_team_t, int, int, int, const shmem_team_config_t *, long, "
                + "shmem_team_t *);"));
    }

    @Test
    void javaMappingsBecomeHooksOfTheTypesThatHaveThem() {
        var put = byName.get("shmem_long_put").javaHooks();
        assertEquals(1, put.size());
        assertEquals("io.shmemtrace.openshmem.SymmetricLongs", put.get(0).className());
        assertEquals("(J[JIII)V", put.get(0).descriptor());
        assertEquals(java.util.List.of("$4", "$3", "$this.address($0)"), put.get(0).fields());
        assertEquals("io.shmemtrace.openshmem.SymmetricDoubles", byName.get("shmem_double_put").javaHooks().get(0).className());
        assertEquals(0, byName.get("shmem_float_put").javaHooks().size(), "float has no Java name");
        assertEquals(0, byName.get("shmem_int_atomic_fetch_add").javaHooks().size(), "only long atomics are mapped");
        // The ctx twin's mapping, of long only (only="long").
        assertEquals("io.shmemtrace.openshmem.Context", byName.get("shmem_ctx_long_put").javaHooks().get(0).className());
        assertEquals(0, byName.get("shmem_ctx_int_put").javaHooks().size());
        assertEquals("()Lio/shmemtrace/openshmem/Pe;", byName.get("shmem_init").javaHooks().get(0).descriptor());
    }

    @Test
    void hooksAreGeneratedForEveryMapping() {
        var files = io.shmemtrace.codegen.emit.JavaHookEmitter.emit(spec);
        long mappings = spec.functions().stream().mapToLong(f -> f.javaHooks().size()).sum();
        assertEquals(mappings + 1, files.size(), "one Advice class per mapping, and AgentEvents");
        String put = files.stream().filter(f -> f.typeSpec().name().equals("ShmemLongPutHook")).findFirst()
                .orElseThrow().toString();
        assertTrue(put.contains("JavaTracer.record(" + byName.get("shmem_long_put").id()
                + ", start, (long) (a4), (long) (a3), (long) (self.address(a0)));"), put);
        String init = files.stream().filter(f -> f.typeSpec().name().equals("ShmemInitHook")).findFirst()
                .orElseThrow().toString();
        assertTrue(init.contains("JavaTracer.start(ret.myPe(), ret.nPes(), start);"), init);
        for (var f : files) {
            if (!f.typeSpec().name().endsWith("Hook")) continue;
            String hook = f.toString();
            assertEquals(2, hook.split("suppress = Throwable.class", -1).length - 1,
                    "enter and exit swallow their own failures: " + hook);
        }
        String events = files.stream().filter(f -> f.typeSpec().name().equals("AgentEvents")).findFirst()
                .orElseThrow().toString();
        assertTrue(events.contains("format.Operation.P, io.shmemtrace.format.Completion.LOCAL"),
                "the Java layer's table carries the semantics");
    }

    @Test
    void aMappingWithMoreFieldsThanTheTracerTakesIsRefused(@TempDir Path dir) throws Exception {
        String seven = "<field>0</field>".repeat(7);
        Path file = Files.writeString(dir.resolve("spec.xml"), ("""
                        <event-spec xmlns="urn:shmemtrace:event-spec:1">
                          <function name="shmem_x" op="put" completion="local">
                            %s
                            <java class="a.B" method="x">%s</java>
                          </function>
                        </event-spec>""").formatted("<trace dest=\"INT\" name=\"v\">0</trace>".repeat(7), seven));
        var e = assertThrows(IllegalArgumentException.class,
                () -> io.shmemtrace.codegen.emit.JavaHookEmitter.emit(SpecExpander.expand(SpecLoader.load(file))));
        assertTrue(e.getMessage().startsWith("shmem_x: a <java> mapping records at most 6 fields"), e.getMessage());
    }
}
