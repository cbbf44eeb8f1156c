package io.shmemtrace.waits;

import io.shmemtrace.io.Temporary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A growing array of longs whose first pages are on the heap and the rest in a temporary file mapped into memory:
 * the traced run's wait states keep a few words per blocking call until every PE is read, and a run of 157 M events
 * a PE needed 7.2 GB of them (issue 41: OutOfMemoryError). The heap pages of every such array share a budget, an
 * eighth of the heap; past it, pages of 64 MiB are written to one file under $TMPDIR (written, not left sparse: a
 * full disk is an IOException here, not a bus error later), mapped, and the file removed at once (the mapping keeps
 * it while it is used). Index i of a spilled array: a heap page below the heap part's end, else a mapped page.
 */
final class SpilledLongs {
    private static final int HEAP_PAGE_BITS = 16; // 512 KiB
    private static final int HEAP_PAGE = 1 << HEAP_PAGE_BITS;
    private static final int MAPPED_PAGE_BITS = 23; // 64 MiB
    private static final int MAPPED_PAGE = 1 << MAPPED_PAGE_BITS;
    private static final long BUDGET_BYTES = Runtime.getRuntime().maxMemory() / 8;
    private static final AtomicLong heapBytes = new AtomicLong();

    private static final int FIRST_PAGE = 64;

    private long[][] heap = new long[4][];
    private int heapPages;
    /** Longs on the heap: the first page starts small and doubles up to a whole page (many arrays stay small). */
    private long heapLongs;
    /** Where the mapped pages start: heapLongs once the first is made, else no end. */
    private long heapEnd = Long.MAX_VALUE;
    private LongBuffer[] mapped = new LongBuffer[0];
    private FileChannel file;

    long get(long i) {
        if (i < heapEnd) return heap[(int) (i >>> HEAP_PAGE_BITS)][(int) i & (HEAP_PAGE - 1)];
        long m = i - heapEnd;
        return mapped[(int) (m >>> MAPPED_PAGE_BITS)].get((int) m & (MAPPED_PAGE - 1));
    }

    void set(long i, long value) {
        if (i < heapEnd) {
            heap[(int) (i >>> HEAP_PAGE_BITS)][(int) i & (HEAP_PAGE - 1)] = value;
        } else {
            long m = i - heapEnd;
            mapped[(int) (m >>> MAPPED_PAGE_BITS)].put((int) m & (MAPPED_PAGE - 1), value);
        }
    }

    /** Makes room for indices below size (new words read 0). */
    void ensure(long size) {
        while (capacity() < size) grow();
    }

    private long capacity() {
        return heapEnd == Long.MAX_VALUE ? heapLongs : heapEnd + ((long) mapped.length << MAPPED_PAGE_BITS);
    }

    private void grow() {
        if (heapEnd == Long.MAX_VALUE) {
            boolean first = heapPages == 0 || heapPages == 1 && heap[0].length < HEAP_PAGE;
            int more = heapPages == 0 ? FIRST_PAGE : first ? heap[0].length : HEAP_PAGE;
            if (heapBytes.addAndGet(more * 8L) <= BUDGET_BYTES) {
                if (first && heapPages == 1) {
                    heap[0] = Arrays.copyOf(heap[0], 2 * heap[0].length);
                } else {
                    if (heapPages == heap.length) heap = Arrays.copyOf(heap, 2 * heapPages);
                    heap[heapPages++] = new long[more];
                }
                heapLongs += more;
                return;
            }
            heapBytes.addAndGet(-more * 8L);
            heapEnd = heapLongs;
        }
        try {
            if (file == null) file = openRemoved();
            long at = (long) mapped.length * MAPPED_PAGE * 8;
            ByteBuffer zeros = ByteBuffer.allocate(1 << 20);
            for (long written = 0; written < MAPPED_PAGE * 8L; written += zeros.capacity()) {
                zeros.clear();
                while (zeros.hasRemaining()) file.write(zeros, at + written + zeros.position());
            }
            mapped = Arrays.copyOf(mapped, mapped.length + 1);
            mapped[mapped.length - 1] = file.map(FileChannel.MapMode.READ_WRITE, at, MAPPED_PAGE * 8L)
                    .order(ByteOrder.nativeOrder()).asLongBuffer();
        } catch (IOException e) {
            throw new UncheckedIOException("the wait states' spill file under " + Temporary.systemDirectory()
                    + " (TMPDIR says where)", e);
        }
    }

    private static FileChannel openRemoved() throws IOException {
        Path path = Files.createTempFile(Temporary.systemDirectory(), ".shmemtrace-waits", ".tmp");
        try {
            return FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } finally {
            Files.delete(path);
        }
    }

    /** Gives its heap pages back to the budget (the mapped ones go with the object). */
    void release() {
        heapBytes.addAndGet(-heapLongs * 8);
        heapPages = 0;
        heapLongs = 0;
        heap = new long[1][];
        heapEnd = Long.MAX_VALUE;
        mapped = new LongBuffer[0];
        if (file != null) {
            try {
                file.close();
            } catch (IOException ignored) {
                // a removed file's channel: nothing is lost
            }
            file = null;
        }
    }
}
