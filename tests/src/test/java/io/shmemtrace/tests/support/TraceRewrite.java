package io.shmemtrace.tests.support;

import io.shmemtrace.format.EventDef;
import io.shmemtrace.format.TraceState;
import io.shmemtrace.format.read.TraceFile;
import io.shmemtrace.format.read.TraceFormatException;
import io.shmemtrace.format.read.TraceHeader;
import io.shmemtrace.format.write.ThreadWriter;
import io.shmemtrace.format.write.TraceInfo;
import io.shmemtrace.format.write.TraceWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Map;

/** Rewrites a trace file through the Java writer, leaving out the events of one function (and their repeats). */
public final class TraceRewrite {
    private TraceRewrite() {}

    /** Returns how many calls were left out. */
    public static long withoutEvents(Path file, String name) throws IOException, TraceFormatException {
        Path copy = file.resolveSibling(file.getFileName() + ".rewrite");
        long[] removed = {0};
        try (TraceFile in = TraceFile.open(file)) {
            TraceHeader h = in.header();
            TraceInfo info = new TraceInfo(h.pe(), h.npes(), h.pid(), h.tickHz(), h.tickShift(), h.clockSource(),
                    h.initTicks(), h.initMonoNs(), h.initRealNs(), h.runId(), h.host());
            try (TraceWriter out = TraceWriter.create(copy, info, in.table(), h.blockSize())) {
                Map<Integer, ThreadWriter> threads = new HashMap<>();
                in.read(e -> {
                    if (e.name().equals(name)) {
                        removed[0] += e.calls();
                        return;
                    }
                    ThreadWriter w = threads.computeIfAbsent(e.thread(), t -> out.thread(t, 0));
                    if (e.repeats() > 0) {
                        w.event(EventDef.REPEAT.id(), e.startUnits(), e.endUnits(), e.repeats(), e.repeatCallsUnits());
                        return;
                    }
                    long[] values = new long[e.def().fields().size()];
                    for (int i = 0; i < values.length; i++) values[i] = e.value(i);
                    w.event(e.def().id(), e.startUnits(), e.endUnits(), values);
                });
                out.close(TraceState.FINALIZED);
            }
        }
        Files.move(copy, file, StandardCopyOption.REPLACE_EXISTING);
        return removed[0];
    }

    /** Names another host in a trace's header (as if its PE had run there), its checksum made right again. */
    public static void onHost(Path file, String host) throws IOException {
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file,
                java.nio.file.StandardOpenOption.READ, java.nio.file.StandardOpenOption.WRITE)) {
            java.nio.ByteBuffer h = java.nio.ByteBuffer.allocate(io.shmemtrace.format.Layout.H_CRC_COVERS + 4)
                    .order(java.nio.ByteOrder.LITTLE_ENDIAN);
            ch.read(h, 0);
            byte[] name = new byte[io.shmemtrace.format.Layout.HOST_SIZE];
            byte[] given = host.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            System.arraycopy(given, 0, name, 0, Math.min(given.length, name.length - 1));
            h.put(io.shmemtrace.format.Layout.H_HOST, name);
            h.putInt(io.shmemtrace.format.Layout.H_HEADER_CRC,
                    io.shmemtrace.format.Layout.crc32c(h.array(), 0, io.shmemtrace.format.Layout.H_CRC_COVERS));
            h.rewind();
            ch.write(h, 0);
        }
    }
}
