package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Every shmem_* entry point that liboshmem exports is interposed by libshmemtrace.so. */
class CoverageTest {
    /**
     * Exported by Open MPI's liboshmem but declared in no public header: internal helpers of its lock and
     * data-segment code that no application can call by name, so there is nothing to trace.
     */
    private static final Set<String> NOT_PUBLIC = Set.of("shmem_ds_reset", "shmem_lock_init", "shmem_lock_finalize");

    @Test
    void everyExportedShmemFunctionIsWrapped() {
        Set<String> exported = shmemSymbols(liboshmem());
        Set<String> wrapped = definedFunctions(Workspace.SHIM);
        assertTrue(exported.size() >= 800, "liboshmem exports " + exported.size() + " shmem_* functions");

        Set<String> missing = new TreeSet<>(exported);
        missing.removeAll(wrapped);
        assertEquals(new TreeSet<>(NOT_PUBLIC), missing, "exported by liboshmem, not wrapped");

        Set<String> declared = declaredInHeader();
        for (String name : NOT_PUBLIC) {
            assertTrue(!declared.contains(name), name + " is declared in shmem.h after all: wrap it");
        }
        // The pre-1.0 names that programs still use are wrapped too.
        assertTrue(wrapped.containsAll(Set.of("start_pes", "shmalloc", "shfree", "_my_pe", "_num_pes")));
    }

    private static Path liboshmem() {
        Path program = Programs.compile("calls");
        for (String line : Command.of("ldd", program.toString()).runOk().stdout().split("\n")) {
            if (line.contains("liboshmem.so")) {
                return Path.of(line.substring(line.indexOf("=>") + 2, line.lastIndexOf('(')).trim());
            }
        }
        throw new AssertionError("calls is not linked with liboshmem");
    }

    private static Set<String> shmemSymbols(Path library) {
        Set<String> names = new TreeSet<>();
        for (String name : definedFunctions(library)) {
            if (name.startsWith("shmem_")) {
                names.add(name);
            }
        }
        return names;
    }

    /** Names of the functions a shared library defines (nm -D --defined-only: T or W). */
    private static Set<String> definedFunctions(Path library) {
        Set<String> names = new TreeSet<>();
        String out = Command.of("nm", "-D", "--defined-only", library.toString()).runOk().stdout();
        for (String line : out.split("\n")) {
            String[] parts = line.trim().split("\\s+");
            if (parts.length == 3 && (parts[1].equals("T") || parts[1].equals("W"))) {
                names.add(parts[2]);
            }
        }
        return names;
    }

    /** Identifiers followed by "(" in the preprocessed shmem.h. */
    private static Set<String> declaredInHeader() {
        String flags = Command.of("oshcc", "--showme:compile").runOk().stdout().trim();
        String script = "echo '#include <shmem.h>' | gcc -E -P " + flags + " -";
        String header = Command.of("sh", "-c", script).runOk().stdout();
        Set<String> names = new TreeSet<>();
        var m = java.util.regex.Pattern.compile("\\b([A-Za-z_][A-Za-z0-9_]*)\\s*\\(").matcher(header);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }
}
