package io.shmemtrace.tests.programs;

import io.shmemtrace.openshmem.Pe;
import io.shmemtrace.openshmem.Shmem;
import io.shmemtrace.openshmem.SymmetricLongs;

/**
 * Each misuse of the binding once, under oshrun: every one must be an exception with a clear message, and
 * the process must go on and end normally. Prints "error CASE: ExceptionClass: message" per case, then "done".
 */
public final class BindingMisuse {
    private BindingMisuse() {}

    public static void main(String[] args) {
        attempt("before_init", () -> Shmem.pe().myPe());
        Pe me = Shmem.init();
        SymmetricLongs a = me.allocateLongs(4);
        SymmetricLongs small = me.allocateLongs(1);
        attempt("init_twice", Shmem::init);
        attempt("no_such_pe", () -> a.put(0, new long[] {1}, 7));
        attempt("negative_pe", () -> a.g(0, -1));
        attempt("past_the_end", () -> a.put(3, new long[4], 0));
        attempt("array_range", () -> a.put(0, new long[4], 2, 5, 0));
        attempt("negative_length", () -> me.allocateLongs(-1));
        attempt("collective_too_small", () -> small.fcollect(a, 1));
        attempt("broadcast_root", () -> a.broadcast(a, 1, 9));
        me.barrierAll();
        a.close();
        attempt("after_free", () -> a.p(0, 1, 0));
        small.close();
        me.close();
        attempt("after_finalize", me::barrierAll);
        attempt("pe_after_finalize", () -> Shmem.pe().myPe());
        System.out.println("done");
    }

    private static void attempt(String name, Runnable r) {
        try {
            r.run();
            System.out.println("error " + name + ": none");
        } catch (RuntimeException e) {
            System.out.println("error " + name + ": " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }
}
