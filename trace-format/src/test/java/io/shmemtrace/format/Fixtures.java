package io.shmemtrace.format;

import io.shmemtrace.format.read.TraceEvent;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceFormatException;
import io.shmemtrace.format.write.TraceClock;
import io.shmemtrace.format.write.TraceInfo;
import io.shmemtrace.format.write.TraceWriter;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A small event table with every field kind, a fixed header and clock, and a whole-file reader for tests. */
public final class Fixtures {
    public static final int INIT = 0;
    public static final int ALL_KINDS = 1;
    public static final int PUT = 2;
    public static final int QUIET = 5;
    public static final int CTX_QUIET = 6;
    public static final int P = 9;
    public static final int FINALIZE = 40;

    public static final EventTable TABLE = new EventTable(List.of(
            new EventDef(INIT, "shmem_init", Category.SETUP, EventFlags.INIT, 0, List.of(), Operation.INIT, Completion.COMPLETE),
            new EventDef(ALL_KINDS, "all_kinds", Category.COLLECTIVE, 0, 4, Arrays.stream(FieldKind.values())
                    .map(k -> new FieldDef(k.name().toLowerCase(), k)).toList(), Operation.BROADCAST, Completion.COMPLETE),
            new EventDef(PUT, "shmem_long_put", Category.PUT, 0, 8, List.of(new FieldDef("dest", FieldKind.ADDR),
                    new FieldDef("source", FieldKind.PTR), new FieldDef("nelems", FieldKind.NELEMS),
                    new FieldDef("pe", FieldKind.TARGET_PE)), Operation.PUT, Completion.LOCAL),
            new EventDef(QUIET, "shmem_quiet", Category.ORDERING, 0, 0, List.of(), Operation.QUIET, Completion.COMPLETE),
            new EventDef(CTX_QUIET, "shmem_ctx_quiet", Category.ORDERING, EventFlags.CTX, 0,
                    List.of(new FieldDef("ctx", FieldKind.CTX)), Operation.QUIET, Completion.COMPLETE),
            new EventDef(P, "shmem_long_p", Category.PUT, 0, 8, List.of(new FieldDef("dest", FieldKind.ADDR),
                    new FieldDef("value", FieldKind.VALUE), new FieldDef("pe", FieldKind.TARGET_PE)), Operation.P,
                    Completion.LOCAL),
            new EventDef(FINALIZE, "shmem_finalize", Category.SETUP, EventFlags.FINALIZE, 0, List.of(),
                    Operation.FINALIZE, Completion.COMPLETE)));

    /** 3 GHz ticks, shift 2; init at tick 1,000,000 = mono 5 ms; a block opened 1 s later says 3e9 ticks/s. */
    public static final long INIT_TICKS = 1_000_000;
    public static final long INIT_MONO = 5_000_000;
    public static final long BASE_UNITS = INIT_TICKS >> 2;

    public static TraceInfo info(int pe) {
        return new TraceInfo(pe, 4, 4242, 3_000_000_000L, 2, Layout.CLOCK_TSC, INIT_TICKS, INIT_MONO,
                1_700_000_000_000_000_000L, "test-run", "node17");
    }

    /** Reads init + 3e9 ticks = init + 1e9 ns: every pair says exactly 1/3 ns per tick. */
    public static final TraceClock CLOCK = TraceClock.fixed(INIT_TICKS + 3_000_000_000L, INIT_MONO + 1_000_000_000L);

    public static TraceWriter create(Path file, int pe, int blockSize) throws IOException {
        return TraceWriter.create(file, info(pe), TABLE, blockSize, CLOCK);
    }

    /** A copy of one decoded event. */
    public record Ev(int pe, int thread, long seq, String name, long start, long end, long burst, long startNs,
                     long durationNs, long burstNs, long bytes, List<Long> values) {
        static Ev of(TraceEvent e) {
            List<Long> v = new ArrayList<>();
            for (int i = 0; i < e.def().fields().size(); i++) v.add(e.value(i));
            return new Ev(e.pe(), e.thread(), e.seq(), e.name(), e.startUnits(), e.endUnits(), e.burstUnits(),
                    e.startNs(), e.durationNs(), e.burstNs(), e.bytes(), v);
        }
    }

    public record Read(TraceFile file, List<Ev> events) {
        public List<Ev> thread(int t) {
            return events.stream().filter(e -> e.thread() == t).toList();
        }

        public List<String> problems() {
            return file.problems().stream().map(Object::toString).toList();
        }
    }

    public static Read read(Path file) throws IOException, TraceFormatException {
        try (TraceFile f = TraceFile.open(file)) {
            List<Ev> events = new ArrayList<>();
            f.read(e -> events.add(Ev.of(e)));
            return new Read(f, events);
        }
    }

    public static void truncate(Path file, long length) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(length);
        }
    }

    public static void xorByte(Path file, long at, int mask) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ mask);
        }
    }

    private Fixtures() {}
}
