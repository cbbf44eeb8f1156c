package io.shmemtrace.replay.engine;

/**
 * The sequences ready to run, by when their next event can start: a binary heap keyed by Sequence.readyAt, the
 * keys held in arrays of their own so that a comparison does not chase pointers. The top taken by
 * {@link #poll} leaves a hole that the next {@link #add} fills (one sift, not two): the usual step is to take
 * a sequence, run one event of it and put it back.
 */
final class ReadyQueue {
    private Sequence[] heap = new Sequence[64];
    private double[] keys = new double[64];
    private int[] ids = new int[64];
    private int size;
    private boolean hole;

    boolean isEmpty() {
        if (hole) fillHole();
        return size == 0;
    }

    Sequence poll() {
        if (hole) fillHole();
        hole = true;
        return heap[0];
    }

    void add(Sequence s) {
        if (hole) {
            hole = false;
            put(0, s);
            down(0);
            return;
        }
        if (size == heap.length) {
            heap = java.util.Arrays.copyOf(heap, size * 2);
            keys = java.util.Arrays.copyOf(keys, size * 2);
            ids = java.util.Arrays.copyOf(ids, size * 2);
        }
        put(size, s);
        up(size++);
    }

    private void fillHole() {
        hole = false;
        size--;
        if (size > 0) {
            put(0, heap[size]);
            down(0);
        }
        heap[size] = null;
    }

    private void put(int i, Sequence s) {
        heap[i] = s;
        keys[i] = s.readyAt;
        ids[i] = s.index;
    }

    private void up(int i) {
        Sequence s = heap[i];
        double k = keys[i];
        int id = ids[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(k, id, keys[parent], ids[parent])) break;
            heap[i] = heap[parent];
            keys[i] = keys[parent];
            ids[i] = ids[parent];
            i = parent;
        }
        heap[i] = s;
        keys[i] = k;
        ids[i] = id;
    }

    private void down(int i) {
        Sequence s = heap[i];
        double k = keys[i];
        int id = ids[i];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            if (child + 1 < size && before(keys[child + 1], ids[child + 1], keys[child], ids[child])) child++;
            if (!before(keys[child], ids[child], k, id)) break;
            heap[i] = heap[child];
            keys[i] = keys[child];
            ids[i] = ids[child];
            i = child;
        }
        heap[i] = s;
        keys[i] = k;
        ids[i] = id;
    }

    /** Earlier first; ties by sequence number, so that a replay is deterministic. */
    private static boolean before(double k1, int id1, double k2, int id2) {
        return k1 < k2 || (k1 == k2 && id1 < id2);
    }
}
