package io.shmemtrace.agent;

import io.shmemtrace.agent.hooks.AgentEvents;
import io.shmemtrace.format.Layout;
import io.shmemtrace.format.TraceNaming;
import io.shmemtrace.format.TraceState;
import io.shmemtrace.format.write.ThreadWriter;
import io.shmemtrace.format.write.TraceDirectory;
import io.shmemtrace.format.write.TraceInfo;
import io.shmemtrace.format.write.TraceWriter;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Java layer's recorder, called from the generated hooks: times in System.nanoTime (CLOCK_MONOTONIC, the
 * time base the native layer's header also carries), events into this PE's pe0000n.java.shmt through the
 * Java writer, one block stream per thread. Nothing is written before Shmem.init; a failure to write
 * disables tracing and never reaches the program.
 */
public final class JavaTracer {
    /** The most fields an event has; wrapper-codegen refuses a mapping with more (one definition, in Layout). */
    private static final int MAX_FIELDS = io.shmemtrace.format.Layout.MAX_JAVA_FIELDS;
    private static final AtomicInteger THREADS = new AtomicInteger();
    private static final ThreadLocal<Recorder> RECORDERS = ThreadLocal.withInitial(Recorder::new);
    private static volatile TraceWriter writer;

    private JavaTracer() {}

    /** One thread's writer and scratch field arrays (one per field count: no allocation per call). */
    private static final class Recorder {
        final int index = THREADS.getAndIncrement();
        final long[][] fields = new long[MAX_FIELDS + 1][];
        TraceWriter boundTo;
        ThreadWriter thread;

        Recorder() {
            for (int n = 0; n <= MAX_FIELDS; n++) fields[n] = new long[n];
        }
    }

    public static long now() {
        return System.nanoTime();
    }

    /** Shmem.init returned: opens this PE's file, its time origin being when init was called. */
    public static synchronized void start(int pe, int npes, long initNs) {
        if (writer != null) return;
        Path file = null;
        try {
            Map<String, String> env = System.getenv();
            String host = host();
            long ppid = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(0L);
            String run = TraceNaming.runId(env, host, ppid);
            Path dir = TraceDirectory.prepare(TraceNaming.directory(env, run));
            file = dir.resolve(TraceNaming.fileName(pe, TraceNaming.Layer.JAVA));
            Instant wall = Instant.now();
            long realNs = wall.getEpochSecond() * 1_000_000_000L + wall.getNano() - (System.nanoTime() - initNs);
            TraceInfo info = new TraceInfo(pe, npes, ProcessHandle.current().pid(), 1_000_000_000L, 0,
                    Layout.CLOCK_MONOTONIC, initNs, initNs, realNs, run, host);
            java.util.function.Consumer<String> warn = line -> {
                if (pe == 0) System.err.println("shmemtrace agent: " + line);
            };
            String mode = env.get("SHMEMTRACE_MODE");
            if (mode != null && !mode.isEmpty() && !mode.equals("trace")) {
                warn.accept("SHMEMTRACE_MODE=" + mode + ": the Java agent has no such mode; it traces every call");
            }
            writer = TraceWriter.createNew(file, info, AgentEvents.table(), TraceNaming.blockSize(env, warn))
                    .limit(TraceNaming.maxBytes(env, warn));
            Runtime.getRuntime().addShutdownHook(new Thread(() -> end(TraceState.EXITED), "shmemtrace-exit"));
        } catch (FileAlreadyExistsException e) {
            System.err.println("shmemtrace agent: " + file + ": already exists (a trace is never replaced: remove it,"
                    + " or give another " + TraceNaming.ENV_DIR + "); tracing disabled for this PE");
        } catch (IOException | RuntimeException e) {
            System.err.println("shmemtrace agent: " + describe(e) + "; tracing disabled for this PE");
        }
    }

    private static String describe(Exception e) {
        if (e instanceof FileSystemException f) {
            return f.getFile() + ": " + (f.getReason() != null ? f.getReason() : e.getClass().getSimpleName());
        }
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }

    /** Shmem's finalize returned: the file is complete. */
    public static void finish() {
        end(TraceState.FINALIZED);
    }

    private static synchronized void end(TraceState state) {
        TraceWriter w = writer;
        writer = null;
        if (w == null) return;
        try {
            w.close(state);
        } catch (IOException | RuntimeException e) {
            System.err.println("shmemtrace agent: " + w.path() + ": " + e);
        }
    }

    private static String host() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "";
        }
    }

    /** Records one event of this thread; fields is this thread's scratch array for the count. */
    private static void write(Recorder r, int id, long start, long[] fields) {
        long end = System.nanoTime();
        TraceWriter w = writer;
        if (w == null) return;
        try {
            if (r.boundTo != w) {
                r.thread = w.thread(r.index);
                r.boundTo = w;
            }
            r.thread.event(id, start, end, fields);
        } catch (RuntimeException e) {
            writer = null;
            System.err.println("shmemtrace agent: tracing disabled: " + e);
        }
    }

    // One overload per field count: the hooks pass fields as arguments, nothing is allocated per call.

    public static void record(int id, long start) {
        Recorder r = RECORDERS.get();
        long[] v = r.fields[0];
        write(r, id, start, v);
    }

    public static void record(int id, long start, long f0) {
        Recorder r = RECORDERS.get();
        long[] v = r.fields[1];
        v[0] = f0;
        write(r, id, start, v);
    }

    public static void record(int id, long start, long f0, long f1) {
        Recorder r = RECORDERS.get();
        long[] v = r.fields[2];
        v[0] = f0;
        v[1] = f1;
        write(r, id, start, v);
    }

    public static void record(int id, long start, long f0, long f1, long f2) {
        Recorder r = RECORDERS.get();
        long[] v = r.fields[3];
        v[0] = f0;
        v[1] = f1;
        v[2] = f2;
        write(r, id, start, v);
    }

    public static void record(int id, long start, long f0, long f1, long f2, long f3) {
        Recorder r = RECORDERS.get();
        long[] v = r.fields[4];
        v[0] = f0;
        v[1] = f1;
        v[2] = f2;
        v[3] = f3;
        write(r, id, start, v);
    }

    public static void record(int id, long start, long f0, long f1, long f2, long f3, long f4) {
        Recorder r = RECORDERS.get();
        long[] v = r.fields[5];
        v[0] = f0;
        v[1] = f1;
        v[2] = f2;
        v[3] = f3;
        v[4] = f4;
        write(r, id, start, v);
    }

    public static void record(int id, long start, long f0, long f1, long f2, long f3, long f4, long f5) {
        Recorder r = RECORDERS.get();
        long[] v = r.fields[6];
        v[0] = f0;
        v[1] = f1;
        v[2] = f2;
        v[3] = f3;
        v[4] = f4;
        v[5] = f5;
        write(r, id, start, v);
    }
}
