package io.shmemtrace.tests;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;

/**
 * The calls each PE of SOS's OpenSHMEM 1.5 unit tests makes at 2 PEs, read off their sources
 * (target/sos/unit/NAME.c). C11 generic calls resolve as SOS's shmem.h maps them: by the C type, so int32_t is
 * int, int64_t, ptrdiff_t and long are long, uint64_t and size_t are unsigned long.
 */
final class SosUnitCalls {
    private SosUnitCalls() {}

    /** The expected calls of (test, PE), or null for a test whose calls are not checked one by one. */
    static final BiFunction<String, Integer, Map<String, Long>> EXPECTED = (name, pe) -> switch (name) {
        // A put_signal to the next PE and a (generic, uint64_t) wait for its signal, twice: SET, then ADD.
        case "put_signal" -> calls("shmem_init 1", "shmem_my_pe 1", "shmem_n_pes 1", "shmem_calloc 1",
                "shmem_long_put_signal 2", "shmem_ulong_wait_until 2", "shmem_barrier_all 2", "shmem_free 1",
                "shmem_finalize 1");
        // A put_signal to every PE (ADD), three waits; again (SET), two waits; three barriers in all.
        case "signal_wait_until" -> calls("shmem_init 1", "shmem_my_pe 1", "shmem_n_pes 1", "shmem_calloc 1",
                "shmem_barrier_all 3", "shmem_long_put_signal 4", "shmem_signal_wait_until 5", "shmem_free 1",
                "shmem_finalize 1");
        // The team of every other PE ((2 + 1) / 2 = 1 member: PE 0): its member makes a context on it and asks it
        // for its team; every PE asks SHMEM_CTX_INVALID and SHMEM_CTX_DEFAULT first.
        case "shmem_ctx_get_team" -> pe == 0
                ? calls("shmem_init 1", "shmem_n_pes 2", "shmem_ctx_get_team 3", "shmem_team_split_strided 1",
                        "shmem_team_create_ctx 1", "shmem_finalize 1")
                : calls("shmem_init 1", "shmem_n_pes 2", "shmem_ctx_get_team 2", "shmem_team_split_strided 1",
                        "shmem_finalize 1");
        // 14 types x (wait_until_all, _any, _some), each after a my_pe, an n_pes and a generic shmem_p.
        case "c11_shmem_wait_until_all_any_some" -> waitSets();
        default -> null;
    };

    private static Map<String, Long> waitSets() {
        Map<String, Long> expected = calls("shmem_init 1", "shmem_my_pe 42", "shmem_n_pes 42", "shmem_finalize 1");
        // The 14 types of the test as the generic selections see them.
        for (String type : List.of("short", "int", "long", "longlong", "ushort", "uint", "ulong", "ulonglong",
                "int", "long", "uint", "ulong", "ulong", "long")) {
            expected.merge("shmem_" + type + "_p", 3L, Long::sum);
            for (String which : List.of("all", "any", "some")) {
                expected.merge("shmem_" + type + "_wait_until_" + which, 1L, Long::sum);
            }
        }
        return expected;
    }

    private static Map<String, Long> calls(String... nameAndCount) {
        Map<String, Long> calls = new TreeMap<>();
        for (String s : nameAndCount) {
            String[] parts = s.split(" ");
            calls.put(parts[0], Long.parseLong(parts[1]));
        }
        return calls;
    }
}
