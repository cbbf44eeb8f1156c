package io.shmemtrace.tests.programs;

import io.shmemtrace.openshmem.Cmp;
import io.shmemtrace.openshmem.Context;
import io.shmemtrace.openshmem.Pe;
import io.shmemtrace.openshmem.Shmem;
import io.shmemtrace.openshmem.ShmemLock;
import io.shmemtrace.openshmem.SymmetricBytes;
import io.shmemtrace.openshmem.SymmetricDoubles;
import io.shmemtrace.openshmem.SymmetricInts;
import io.shmemtrace.openshmem.SymmetricLongs;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.LongStream;

/**
 * Every part of the binding once, on every PE, under oshrun. Prints "pe=N key=value" lines whose values
 * depend on the PE, so BindingTest can check each one exactly. Keep the two in step.
 */
public final class BindingProgram {
    private BindingProgram() {}

    public static void main(String[] args) {
        try (Pe me = Shmem.init()) {
            int n = me.nPes();
            int my = me.myPe();
            int right = (my + 1) % n;
            int left = (my + n - 1) % n;
            StringBuilder out = new StringBuilder();

            // Blocking put/get of each type: each PE writes its block into its right neighbour.
            SymmetricLongs longs = me.allocateLongs(4);
            SymmetricInts ints = me.allocateInts(3);
            SymmetricDoubles doubles = me.allocateDoubles(2);
            longs.put(0, new long[] {10L * my, 10L * my + 1, 10L * my + 2, 10L * my + 3}, right);
            ints.put(0, new int[] {my, my * my, -my}, right);
            doubles.put(0, new double[] {my + 0.5, my * 0.25}, right);
            me.barrierAll();
            long[] l = new long[4];
            longs.get(0, l, my);
            int[] i = new int[3];
            ints.get(0, i, my);
            double[] d = new double[2];
            doubles.get(0, d, my);
            line(out, my, "longs", Arrays.toString(l));
            line(out, my, "ints", Arrays.toString(i));
            line(out, my, "doubles", Arrays.toString(d));
            // get from a remote PE: the left neighbour's block came from its left.
            long[] remote = new long[2];
            longs.get(1, remote, 0, 2, left);
            line(out, my, "remote_get", Arrays.toString(remote));

            // p and g.
            SymmetricLongs pg = me.allocateLongs(1);
            pg.p(0, 100 + my, right);
            me.barrierAll();
            line(out, my, "g", Long.toString(pg.g(0, my)));
            line(out, my, "g_right", Long.toString(pg.g(0, right)));

            // Non-blocking put from symmetric memory, completed by quiet; non-blocking get.
            SymmetricLongs src = me.allocateLongs(3);
            SymmetricLongs nbi = me.allocateLongs(3);
            src.put(0, new long[] {my, my + 1L, my + 2L}, my);
            me.barrierAll();
            nbi.putNbi(0, src, 0, 3, right);
            me.quiet();
            me.barrierAll();
            long[] gotNbi = new long[3];
            nbi.get(0, gotNbi, my);
            line(out, my, "put_nbi", Arrays.toString(gotNbi));
            SymmetricLongs fetched = me.allocateLongs(3);
            fetched.getNbi(0, src, 0, 3, left);
            me.quiet();
            long[] gotGet = new long[3];
            fetched.get(0, gotGet, my);
            line(out, my, "get_nbi", Arrays.toString(gotGet));

            // Atomics on PE 0: fetch_add of my + 1 from every PE; one compare_swap winner.
            SymmetricLongs counter = me.allocateLongs(2);
            counter.fetchAdd(0, my + 1, 0);
            long old = counter.compareSwap(1, 0, my + 1, 0);
            me.barrierAll();
            line(out, my, "counter", Long.toString(counter.fetch(0, 0)));
            line(out, my, "cas_won", Boolean.toString(old == 0));
            line(out, my, "cas_value", Long.toString(counter.fetch(1, 0)));
            me.barrierAll();
            counter.set(0, 7, my);
            line(out, my, "swap_old", Long.toString(counter.swap(0, 8, my)));
            counter.add(0, 2, my);
            line(out, my, "after_add", Long.toString(counter.fetch(0, my)));

            // wait_until: the left neighbour sets my flag to its PE + 1.
            SymmetricLongs flag = me.allocateLongs(1);
            me.barrierAll();
            flag.p(0, my + 1, right);
            flag.waitUntil(0, Cmp.EQ, left + 1);
            line(out, my, "waited", Long.toString(flag.g(0, my)));

            // Collectives over all PEs.
            SymmetricLongs one = me.allocateLongs(4);
            SymmetricLongs all = me.allocateLongs(4 * n);
            one.put(0, new long[] {my, 1, my * 2L, 100 + my}, my);
            SymmetricLongs bcast = me.allocateLongs(4);
            me.barrierAll();
            bcast.broadcast(one, 4, 1);
            line(out, my, "broadcast", Arrays.toString(local(bcast, 4, my)));
            all.fcollect(one, 1);
            line(out, my, "fcollect", Arrays.toString(local(all, n, my)));
            SymmetricLongs blocks = me.allocateLongs(n);
            blocks.put(0, LongStream.range(0, n).map(j -> my * 10L + j).toArray(), my);
            SymmetricLongs exchanged = me.allocateLongs(n);
            me.barrierAll();
            exchanged.alltoall(blocks, 1);
            line(out, my, "alltoall", Arrays.toString(local(exchanged, n, my)));
            SymmetricLongs reduced = me.allocateLongs(4);
            reduced.sumToAll(one, 4);
            line(out, my, "sum", Arrays.toString(local(reduced, 4, my)));
            reduced.maxToAll(one, 4);
            line(out, my, "max", Arrays.toString(local(reduced, 4, my)));
            reduced.minToAll(one, 4);
            line(out, my, "min", Arrays.toString(local(reduced, 4, my)));
            SymmetricDoubles dsum = me.allocateDoubles(2);
            dsum.sumToAll(doubles, 2);
            double[] ds = new double[2];
            dsum.get(0, ds, my);
            line(out, my, "double_sum", Arrays.toString(ds));

            // A lock-protected read-modify-write on PE 0, 25 times per PE.
            ShmemLock lock = me.allocateLock();
            SymmetricLongs shared = me.allocateLongs(1);
            me.barrierAll();
            for (int k = 0; k < 25; k++) {
                lock.lock();
                long v = shared.g(0, 0);
                shared.p(0, v + 1, 0);
                me.quiet();
                lock.unlock();
            }
            me.barrierAll();
            line(out, my, "locked_counter", Long.toString(shared.g(0, 0)));
            if (my == 0) lock.lock();
            me.barrierAll();
            if (my != 0) line(out, my, "try_lock_while_held", Boolean.toString(lock.tryLock()));
            me.barrierAll();
            if (my == 0) lock.unlock();

            // A context of its own.
            SymmetricLongs viaCtx = me.allocateLongs(2);
            try (Context ctx = me.createContext()) {
                ctx.put(viaCtx, 0, new long[] {my, -my}, 0, 2, right);
                ctx.quiet();
            }
            me.barrierAll();
            line(out, my, "ctx", Arrays.toString(local(viaCtx, 2, my)));

            // Untyped memory from a ByteBuffer.
            SymmetricBytes bytes = me.allocateBytes(32);
            ByteBuffer msg = ByteBuffer.allocateDirect(16);
            msg.put(String.format("hello from PE %d", my).getBytes(StandardCharsets.US_ASCII)).flip();
            bytes.put(0, msg, right);
            me.barrierAll();
            ByteBuffer back = ByteBuffer.allocate(16);
            bytes.get(0, back, my);
            line(out, my, "bytes", new String(back.array(), StandardCharsets.US_ASCII).trim());

            for (SymmetricLongs s : new SymmetricLongs[] {longs, pg, src, nbi, fetched, counter, flag, one, all, bcast,
                    blocks, exchanged, reduced, shared, viaCtx}) {
                s.close();
            }
            ints.close();
            doubles.close();
            dsum.close();
            bytes.close();
            lock.close();
            System.out.print(out);
            System.out.flush();
        }
    }

    private static long[] local(SymmetricLongs a, int count, int my) {
        long[] v = new long[count];
        a.get(0, v, my);
        return v;
    }

    private static void line(StringBuilder out, int pe, String key, String value) {
        out.append("pe=").append(pe).append(' ').append(key).append('=').append(value).append('\n');
    }
}
