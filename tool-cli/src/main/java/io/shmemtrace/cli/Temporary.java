package io.shmemtrace.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A temporary file or directory of a tool, removed when closed and, if the tool is ended first (SIGTERM, SIGINT,
 * System.exit when the reader of stdout goes away), by a shutdown hook: a killed tool leaves nothing behind.
 * (SIGKILL runs nothing: what it leaves is named with a leading dot or the system's temporary-file prefix.)
 */
public final class Temporary implements AutoCloseable {
    private final Path path;
    private final Thread hook;

    private Temporary(Path path) {
        this.path = path;
        this.hook = new Thread(this::remove, "remove " + path.getFileName());
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /**
     * A new directory under parent, named prefix + random, made as any new directory is (under the umask: it is an
     * output in the making); or, parent null, a private one in {@link #systemDirectory}.
     */
    public static Temporary directory(Path parent, String prefix) throws IOException {
        if (parent == null) return new Temporary(Files.createTempDirectory(systemDirectory(), prefix));
        return new Temporary(Files.createDirectory(parent.resolve(uniqueName(prefix, ""))));
    }

    /**
     * Where temporary files go: $TMPDIR when set, as for every Unix tool (a cluster points it at a node's scratch
     * disk; the JVM itself ignores it), else the JVM's java.io.tmpdir (/tmp).
     */
    public static Path systemDirectory() {
        String tmpdir = System.getenv("TMPDIR");
        return Path.of(tmpdir != null && !tmpdir.isEmpty() ? tmpdir : System.getProperty("java.io.tmpdir"));
    }

    /** prefix, a random part, suffix: a name beside an output that no one else is using. */
    static String uniqueName(String prefix, String suffix) {
        return prefix + Long.toHexString(RANDOM.nextLong()) + suffix;
    }

    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    /** A path that a tool will create (a file written beside its output, then renamed): removed if still there. */
    public static Temporary path(Path file) {
        return new Temporary(file);
    }

    public Path path() {
        return path;
    }

    private void remove() {
        try {
            if (Files.isDirectory(path)) OutputFiles.deleteTree(path);
            else Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // best effort: a temporary file
        }
    }

    @Override
    public void close() {
        remove();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to: it removes the same thing
        }
    }
}
