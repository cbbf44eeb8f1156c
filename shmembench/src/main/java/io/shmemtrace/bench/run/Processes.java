package io.shmemtrace.bench.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs a command to its end (or a time limit), with its output. Every child still running when the JVM ends
 * (SIGTERM, SIGINT, an exception) is killed with its whole process tree: killing shmembench leaves no oshrun,
 * orted or benchmark behind.
 */
public final class Processes {
    private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(Processes::killTree), "kill-children"));
    }

    private Processes() {}

    /** @param output stdout and stderr together; timedOut: the time limit or the stall limit ended it */
    public record Result(int status, String output, boolean timedOut) {
        /** The first line that says something, for one-line reports. */
        public String firstLine() {
            return output.lines().filter(l -> !l.isBlank()).filter(l -> l.contains("error") || l.contains("Error"))
                    .findFirst().orElse(output.lines().filter(l -> !l.isBlank()).findFirst().orElse("exit " + status)).strip();
        }
    }

    /** env: extra variables, as NAME=VALUE. */
    public static Result run(List<String> command, Path dir, List<String> env, long timeoutSeconds)
            throws IOException, InterruptedException {
        return run(command, dir, env, timeoutSeconds, timeoutSeconds, line -> { });
    }

    /**
     * Runs command, handing each output line to onLine as it comes; ends it when it runs past timeoutSeconds in
     * all or prints nothing for stallSeconds (a benchmark case that hangs inside the library).
     */
    public static Result run(List<String> command, Path dir, List<String> env, long timeoutSeconds, long stallSeconds,
                             Consumer<String> onLine) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        Map<String, String> e = pb.environment();
        for (String kv : env) e.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        Process p = pb.start();
        RUNNING.add(p);
        try {
            p.getOutputStream().close();
            StringBuilder out = new StringBuilder();
            long[] lastLine = {System.nanoTime()};
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        synchronized (out) {
                            out.append(line).append('\n');
                            lastLine[0] = System.nanoTime();
                        }
                        onLine.accept(line);
                    }
                } catch (IOException ignored) {
                    // the process was killed: what it printed so far is kept
                }
            }, "process-output");
            reader.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
            boolean done = false;
            while (!done) {
                done = p.waitFor(200, TimeUnit.MILLISECONDS);
                long now = System.nanoTime();
                long quietFor;
                synchronized (out) {
                    quietFor = now - lastLine[0];
                }
                if (!done && (now > deadline || quietFor > TimeUnit.SECONDS.toNanos(stallSeconds))) break;
            }
            if (!done) {
                killTree(p);
                p.waitFor();
            }
            reader.join();
            synchronized (out) {
                return new Result(done ? p.exitValue() : -1, out.toString(), !done);
            }
        } finally {
            RUNNING.remove(p);
        }
    }

    private static void killTree(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }
}
