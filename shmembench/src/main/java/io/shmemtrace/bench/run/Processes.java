package io.shmemtrace.bench.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a command to its end (or a time limit), with its output. */
public final class Processes {
    private Processes() {}

    /** @param output stdout and stderr together */
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
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        Map<String, String> e = pb.environment();
        for (String kv : env) e.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        Process p = pb.start();
        p.getOutputStream().close();
        byte[][] out = new byte[1][];
        Thread reader = new Thread(() -> {
            try {
                out[0] = p.getInputStream().readAllBytes();
            } catch (IOException ignored) {
                out[0] = new byte[0];
            }
        });
        reader.start();
        boolean done = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        if (!done) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor();
        }
        reader.join();
        return new Result(done ? p.exitValue() : -1, new String(out[0], StandardCharsets.UTF_8), !done);
    }
}
