package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shmemtrace.tests.programs.BindingMisuse;
import io.shmemtrace.tests.programs.BindingProgram;
import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.JavaPrograms;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The Java binding under oshrun -np 4: every call's result, exactly, on every PE; misuse is an exception. */
class BindingTest {
    private static final int N = 4;
    private static final Map<String, String> values = new HashMap<>();

    @BeforeAll
    static void run() {
        Command.Result r = JavaPrograms.run(N, BindingProgram.class).runOk();
        for (String line : r.stdout().lines().toList()) {
            if (!line.startsWith("pe=")) continue;
            String[] kv = line.split(" ", 2);
            String[] v = kv[1].split("=", 2);
            values.put(kv[0].substring(3) + " " + v[0], v[1]);
        }
    }

    private static String value(int pe, String key) {
        String v = values.get(pe + " " + key);
        if (v == null) throw new AssertionError("no " + key + " from PE " + pe + " in " + values.keySet());
        return v;
    }

    private static int left(int pe) {
        return (pe + N - 1) % N;
    }

    private static String list(Object... items) {
        return Arrays.toString(items);
    }

    @Test
    void putsAndGetsOfEachTypeReachTheRightPe() {
        for (int pe = 0; pe < N; pe++) {
            int l = left(pe);
            int ll = left(l);
            assertEquals(list(10L * l, 10L * l + 1, 10L * l + 2, 10L * l + 3), value(pe, "longs"));
            assertEquals(list(l, l * l, -l), value(pe, "ints"));
            assertEquals(list(l + 0.5, l * 0.25), value(pe, "doubles"));
            assertEquals(list(10L * ll + 1, 10L * ll + 2), value(pe, "remote_get"));
            assertEquals(Integer.toString(100 + l), value(pe, "g"));
            assertEquals(Integer.toString(100 + pe), value(pe, "g_right"));
            assertEquals(list(l, l + 1, l + 2), value(pe, "put_nbi"));
            assertEquals(list(l, l + 1, l + 2), value(pe, "get_nbi"));
            assertEquals(list(l, -l), value(pe, "ctx"));
            assertEquals("hello from PE " + l, value(pe, "bytes"));
        }
    }

    @Test
    void atomicsAndWaits() {
        List<Integer> winners = IntStream.range(0, N).filter(pe -> value(pe, "cas_won").equals("true")).boxed().toList();
        assertEquals(1, winners.size(), "exactly one compare_swap finds 0");
        for (int pe = 0; pe < N; pe++) {
            assertEquals(Integer.toString(N * (N + 1) / 2), value(pe, "counter"), "fetch_add of pe + 1 from every PE");
            assertEquals(Integer.toString(winners.get(0) + 1), value(pe, "cas_value"));
            assertEquals("7", value(pe, "swap_old"));
            assertEquals("10", value(pe, "after_add"));
            assertEquals(Integer.toString(left(pe) + 1), value(pe, "waited"));
        }
    }

    @Test
    void collectivesAndReductions() {
        for (int pe = 0; pe < N; pe++) {
            // OpenSHMEM 1.4 leaves the root's target as it was (zeroed here).
            assertEquals(pe == 1 ? list(0, 0, 0, 0) : list(1, 1, 2, 101), value(pe, "broadcast"), "PE 1's block");
            assertEquals(list(0, 1, 2, 3), value(pe, "fcollect"));
            int me = pe;
            assertEquals(list(IntStream.range(0, N).mapToObj(i -> (Object) (10 * i + me)).toArray()), value(pe, "alltoall"));
            assertEquals(list(6, 4, 12, 406), value(pe, "sum"));
            assertEquals(list(3, 1, 6, 103), value(pe, "max"));
            assertEquals(list(0, 1, 0, 100), value(pe, "min"));
            assertEquals(list(8.0, 1.5), value(pe, "double_sum"));
        }
    }

    @Test
    void lockSerialisesEveryPe() {
        for (int pe = 0; pe < N; pe++) {
            assertEquals(Integer.toString(25 * N), value(pe, "locked_counter"));
            if (pe != 0) assertEquals("false", value(pe, "try_lock_while_held"));
        }
    }

    @Test
    void misuseIsAnExceptionWithAClearMessageNeverACrash() {
        Command.Result r = JavaPrograms.run(2, BindingMisuse.class).runOk();
        // Both PEs print the same lines: the distinct ones, in order, and two "done".
        List<String> lines = r.stdout().lines().distinct().toList();
        assertEquals(List.of(
                "error before_init: IllegalStateException: OpenSHMEM is not initialised: call Shmem.init() first",
                "error init_twice: IllegalStateException: OpenSHMEM is already initialised in this process: Shmem.init() is called once",
                "error no_such_pe: IllegalArgumentException: PE 7 does not exist: the job has PEs 0..1",
                "error negative_pe: IllegalArgumentException: PE -1 does not exist: the job has PEs 0..1",
                "error past_the_end: IndexOutOfBoundsException: elements [3, 7) are outside this SymmetricLongs of 4",
                "error array_range: IndexOutOfBoundsException: elements [2, 7) are outside the array of 4",
                "error negative_length: IllegalArgumentException: symmetric length must be positive, not -1",
                "error collective_too_small: IndexOutOfBoundsException: collective of 1 elements needs 1 in the source (has 4)"
                        + " and 2 in the target (has 1)",
                "error broadcast_root: IllegalArgumentException: PE 9 does not exist: the job has PEs 0..1",
                "error after_free: IllegalStateException: symmetric memory used after close()",
                "error after_finalize: IllegalStateException: OpenSHMEM was finalized",
                "error pe_after_finalize: IllegalStateException: OpenSHMEM was finalized",
                "done"), lines);
        assertEquals(2, r.stdout().lines().filter("done"::equals).count(), "both PEs ran to the end");
    }
}
