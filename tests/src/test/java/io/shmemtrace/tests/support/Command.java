package io.shmemtrace.tests.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs an external command with a time limit and captures what it printed. */
public final class Command {
    /** What a finished command left. */
    public record Result(int exitCode, String stdout, String stderr) {
        public String describe() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
        }

        /** stderr's lines without the JVM's note of JAVA_TOOL_OPTIONS, where the machine sets it. */
        public List<String> messages() {
            return stderr.lines().filter(l -> !l.startsWith("Picked up")).toList();
        }
    }

    private final List<String> argv = new ArrayList<>();
    private final Map<String, String> env;
    private Path directory = Workspace.WORK;
    private long timeoutSeconds = 120;

    public Command(List<String> argv) {
        this.argv.addAll(argv);
        this.env = new ProcessBuilder().environment();
    }

    public static Command of(String... argv) {
        return new Command(List.of(argv));
    }

    public Command env(String name, String value) {
        env.put(name, value);
        return this;
    }

    public Command in(Path dir) {
        this.directory = dir;
        return this;
    }

    public Command timeout(long seconds) {
        this.timeoutSeconds = seconds;
        return this;
    }

    public Result run() {
        try {
            Files.createDirectories(directory);
            Path out = Files.createTempFile(Workspace.WORK, "cmd", ".out");
            Path err = Files.createTempFile(Workspace.WORK, "cmd", ".err");
            ProcessBuilder pb = new ProcessBuilder(argv).directory(directory.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().clear();
            pb.environment().putAll(env);
            Process process = pb.start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
                throw new AssertionError("timed out after " + timeoutSeconds + " s: " + String.join(" ", argv)
                        + "\n" + Files.readString(err, StandardCharsets.UTF_8));
            }
            Result result = new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
            Files.delete(out);
            Files.delete(err);
            return result;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** Runs and fails the test unless the command exits 0. */
    public Result runOk() {
        Result r = run();
        if (r.exitCode() != 0) {
            throw new AssertionError(String.join(" ", argv) + " failed: " + r.describe());
        }
        return r;
    }
}
