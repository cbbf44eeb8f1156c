package io.shmemtrace.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shmemtrace.codegen.emit.CWrapperEmitter;
import io.shmemtrace.codegen.model.SpecExpander;
import io.shmemtrace.codegen.model.TracedSpec;
import io.shmemtrace.codegen.spec.SpecLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The C wrappers' shape, visible without building: a few wrappers of every kind, as the emitter writes them from
 * event-spec.xml, committed under src/test/golden (its README says what each part does) and compared here, as
 * Perfetto checks its generated code. A change to the emitter shows in the diff of these files; after a change made
 * on purpose, regenerate them with -Dgolden.update=true and read the diff.
 */
class GoldenWrappersTest {
    private static final Path GOLDEN = Path.of("src/test/golden");

    @ParameterizedTest
    @ValueSource(strings = {"shmem_long_p", "shmem_long_g", "shmem_putmem_nbi", "shmem_quiet", "shmem_long_wait_until",
            "shmem_barrier_all", "shmem_set_lock", "shmem_ctx_long_put"})
    void wrapperAsCommitted(String function) throws Exception {
        String wrapper = wrapperOf(function);
        Path golden = GOLDEN.resolve(function + ".c");
        if (Boolean.getBoolean("golden.update")) Files.writeString(golden, wrapper);
        assertEquals(Files.readString(golden), wrapper, function + ": the emitter's output changed (see the test's comment)");
    }

    private static String all;

    /** The emitted code of one function: from its function type to the next function's. */
    private static synchronized String wrapperOf(String function) throws Exception {
        if (all == null) {
            TracedSpec spec = SpecExpander.expand(SpecLoader.load(Path.of("../event-spec.xml")));
            CWrapperEmitter emitter = new CWrapperEmitter(spec);
            all = IntStream.range(0, 4).mapToObj(part -> emitter.emit(part, 4)).collect(Collectors.joining());
        }
        int start = all.lastIndexOf("typedef ", all.indexOf("(*shmt_fn_" + function + ")"));
        int end = all.indexOf("\ntypedef ", start + 1);
        return all.substring(start, end < 0 ? all.length() : end + 1);
    }
}
