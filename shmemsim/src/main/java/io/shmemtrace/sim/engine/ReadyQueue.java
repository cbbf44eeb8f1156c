package io.shmemtrace.sim.engine;

/** The sequences ready to run, by when their next event can start: a binary heap on Sequence.readyAt. */
final class ReadyQueue {
    private Sequence[] heap = new Sequence[64];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    void add(Sequence s) {
        if (size == heap.length) heap = java.util.Arrays.copyOf(heap, size * 2);
        heap[size] = s;
        s.heapIndex = size;
        up(size++);
    }

    Sequence poll() {
        Sequence top = heap[0];
        Sequence last = heap[--size];
        heap[size] = null;
        if (size > 0) {
            heap[0] = last;
            last.heapIndex = 0;
            down(0);
        }
        top.heapIndex = -1;
        return top;
    }

    private void up(int i) {
        Sequence s = heap[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            Sequence p = heap[parent];
            if (!before(s, p)) break;
            heap[i] = p;
            p.heapIndex = i;
            i = parent;
        }
        heap[i] = s;
        s.heapIndex = i;
    }

    private void down(int i) {
        Sequence s = heap[i];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            if (child + 1 < size && before(heap[child + 1], heap[child])) child++;
            if (!before(heap[child], s)) break;
            heap[i] = heap[child];
            heap[i].heapIndex = i;
            i = child;
        }
        heap[i] = s;
        s.heapIndex = i;
    }

    /** Earlier first; ties by sequence number, so that a replay is deterministic. */
    private static boolean before(Sequence a, Sequence b) {
        return a.readyAt < b.readyAt || (a.readyAt == b.readyAt && a.index < b.index);
    }
}
