package io.shmemtrace.waits;

import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The spans of symmetric memory each PE waits on somewhere in a run (a word, or the flags of a wait on a set: from
 * the address, the record's bytes), each with what its reader keeps for it (W), and which of them a write reaches:
 * where their bytes meet (a strided put: its first bytes, the stride not being recorded). One rule for the replay
 * ({@link MemoryWaits}) and the traced timeline (io.shmemtrace.waits.TimelineWaits).
 */
public final class WaitedSpans<W> {
    private static final class Span<W> {
        long bytes = 1;
        final W value;

        Span(W value) {
            this.value = value;
        }
    }

    private final NavigableMap<Long, Span<W>>[] byTask;
    /** Per task, its longest waited span: how far before a write's address a waited span may start. */
    private final long[] longest;
    private final Supplier<W> make;
    private boolean any;

    /** make: a new span's value. */
    @SuppressWarnings("unchecked")
    public WaitedSpans(int tasks, Supplier<W> make) {
        byTask = new NavigableMap[tasks];
        longest = new long[tasks];
        this.make = make;
    }

    /** task waits on bytes at address somewhere (a word: 0 or 1). */
    public void waitsOn(int task, long address, long bytes) {
        if (byTask[task] == null) byTask[task] = new TreeMap<>();
        Span<W> s = byTask[task].computeIfAbsent(address, a -> new Span<>(make.get()));
        s.bytes = Math.max(s.bytes, Math.max(1, bytes));
        longest[task] = Math.max(longest[task], s.bytes);
        any = true;
    }

    /** Whether any task waits. */
    public boolean any() {
        return any;
    }

    /** The value of task's span at address; null where it waits on none there. */
    public W at(int task, long address) {
        Span<W> s = byTask[task] == null ? null : byTask[task].get(address);
        return s == null ? null : s.value;
    }

    /** Each waited span of target that a write of bytes at address reaches (target checked by the caller). */
    public void reached(int target, long address, long bytes, Consumer<W> action) {
        NavigableMap<Long, Span<W>> spans = byTask[target];
        if (spans == null) return;
        long end = address + Math.max(1, bytes);
        if (end < address) end = Long.MAX_VALUE; // an address near the top: the range ends there
        long from = address - (longest[target] - 1);
        if (from > address) from = Long.MIN_VALUE;
        for (var s : spans.subMap(from, true, end, false).entrySet()) {
            if (s.getKey() + s.getValue().bytes > address) action.accept(s.getValue().value);
        }
    }
}
