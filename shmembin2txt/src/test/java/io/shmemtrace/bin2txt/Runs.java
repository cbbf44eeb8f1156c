package io.shmemtrace.bin2txt;

import io.shmemtrace.format.Category;
import io.shmemtrace.format.Completion;
import io.shmemtrace.format.Operation;
import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.EventFlags;
import io.shmemtrace.format.EventTable;
import io.shmemtrace.format.FieldDef;
import io.shmemtrace.format.FieldKind;
import io.shmemtrace.format.Layout;
import io.shmemtrace.format.write.ThreadWriter;
import io.shmemtrace.format.write.TraceClock;
import io.shmemtrace.format.write.TraceInfo;
import io.shmemtrace.format.write.TraceWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/** Small runs written with the Java writer, and the tool run in-process on them. */
final class Runs {
    static final int INIT = 0, PUT = 1, P = 2, QUIET = 3, CTX_QUIET = 4, FINALIZE = 5;
    static final EventTable TABLE = new EventTable(List.of(
            new EventDef(INIT, "shmem_init", Category.SETUP, EventFlags.INIT, 0, List.of(), Operation.INIT, Completion.COMPLETE),
            new EventDef(PUT, "shmem_long_put", Category.PUT, 0, 8, List.of(new FieldDef("dest", FieldKind.ADDR),
                    new FieldDef("source", FieldKind.PTR), new FieldDef("nelems", FieldKind.NELEMS),
                    new FieldDef("pe", FieldKind.TARGET_PE)), Operation.PUT, Completion.LOCAL),
            new EventDef(P, "shmem_int_p", Category.PUT, 0, 4, List.of(new FieldDef("dest", FieldKind.ADDR),
                    new FieldDef("value", FieldKind.VALUE), new FieldDef("pe", FieldKind.TARGET_PE)), Operation.P,
                    Completion.LOCAL),
            new EventDef(QUIET, "shmem_quiet", Category.ORDERING, 0, 0, List.of(), Operation.QUIET, Completion.COMPLETE),
            new EventDef(CTX_QUIET, "shmem_ctx_quiet", Category.ORDERING, EventFlags.CTX, 0,
                    List.of(new FieldDef("ctx", FieldKind.CTX)), Operation.QUIET, Completion.COMPLETE),
            new EventDef(FINALIZE, "shmem_finalize", Category.SETUP, EventFlags.FINALIZE, 0, List.of(),
                    Operation.FINALIZE, Completion.COMPLETE)));

    /** Ticks are ns (CLOCK_MONOTONIC, shift 0), init at 1,000,000 ns: an event at unit u starts u - 1e6 ns in. */
    static final long T0 = 1_000_000;

    static TraceWriter create(Path dir, int pe, int npes) throws IOException {
        return create(dir, pe, npes, "test");
    }

    static TraceWriter create(Path dir, int pe, int npes, String runId) throws IOException {
        TraceInfo info = new TraceInfo(pe, npes, 100 + pe, 1_000_000_000L, 0, Layout.CLOCK_MONOTONIC, T0, T0, 0,
                runId, "host");
        return TraceWriter.create(dir.resolve(String.format("pe%05d.shmt", pe)), info, TABLE, 4096,
                TraceClock.fixed(T0 + 1_000_000_000L, T0 + 1_000_000_000L));
    }

    /**
     * PE 0: init, two puts to PE 1 (16 and 4 longs), a p to PE 0, quiet, finalize.
     * PE 1: init, a p to PE 0; thread 1 a ctx_quiet; finalize.
     */
    static void twoPes(Path dir) throws IOException {
        twoPes(dir, "test");
    }

    static void twoPes(Path dir, String runId) throws IOException {
        try (TraceWriter w = create(dir, 0, 2, runId)) {
            ThreadWriter t = w.thread(0);
            t.event(INIT, T0, T0 + 1000);
            t.event(PUT, T0 + 1500, T0 + 1800, 0x7f0000001000L, 0x5500000000L, 16, 1);
            t.event(PUT, T0 + 2000, T0 + 2100, 0x7f0000000f00L, 0x5500000080L, 4, 1);
            t.event(P, T0 + 2500, T0 + 2550, 0x7f0000002000L, -7, 0);
            t.event(QUIET, T0 + 3000, T0 + 3400);
            t.event(FINALIZE, T0 + 4000, T0 + 5000);
        }
        try (TraceWriter w = create(dir, 1, 2, runId)) {
            ThreadWriter t = w.thread(0);
            t.event(INIT, T0, T0 + 1200);
            t.event(P, T0 + 1300, T0 + 1340, 0x7f0000003000L, 42, 0);
            w.thread(1, T0 + 1000).event(CTX_QUIET, T0 + 1400, T0 + 1410, 0x2a0L);
            t.event(FINALIZE, T0 + 3000, T0 + 3500);
        }
    }

    record Result(int status, String out, String err) {
        /** The output's lines, the summary's findings section left out (FindingsSectionTest checks it). */
        List<String> outLines() {
            List<String> lines = new java.util.ArrayList<>(out.lines().toList());
            int at = lines.indexOf("== findings");
            if (at >= 0) {
                int end = lines.subList(at, lines.size()).indexOf("");
                lines.subList(at, end < 0 ? lines.size() : at + end + 1).clear();
            }
            return lines;
        }
    }

    static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        int status = Shmembin2txt.run(args, o, e);
        o.flush();
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private Runs() {}
}
